import { useEffect, useEffectEvent, useState } from 'react';
import { bus, type AppNotification } from 'shared';

/**
 * Says a message that arrives in another conversation while the chat is open ('Ravi Kumar: On my way'),
 * which otherwise only changes the contact list's unread count. The shell's announcer leaves chat
 * notifications to the chat screen, and the open conversation's own messages are said by its live log.
 */
export function OtherChatsAnnouncer({ openChatId }: { openChatId: number | null }) {
  const [said, setSaid] = useState<AppNotification | null>(null);
  const arrived = useEffectEvent((notification: AppNotification) => {
    const elsewhere = notification.title === 'Chat' && notification.chat_id != null && notification.chat_id !== openChatId;
    if (elsewhere && notification.description.trim()) setSaid(notification);
  });
  useEffect(() => {
    const subscription = bus.on('notifications/arrived').subscribe(({ notification }) => arrived(notification));
    return () => subscription.unsubscribe();
  }, []);
  return (
    <div className="ui-visually-hidden" role="status" aria-label="Messages in other conversations">
      {/* A new node for each message, so the same words arriving twice are said twice. */}
      {said ? <p key={said.id}>{said.description.trim()}</p> : null}
    </div>
  );
}
