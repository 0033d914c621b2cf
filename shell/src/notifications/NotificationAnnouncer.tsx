import { useEffect, useEffectEvent, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router-dom';
import { bus, type AppNotification } from 'shared';

/**
 * What screen readers are told when a notification arrives: its own words ('Asha Verma has requested a
 * Driver booking.', 'Ravi Kumar accepted your booking request.'). Not a chat message while the chat is
 * open: its conversation is a live log that says new messages itself, and the chat screen says those of
 * other conversations (mfe-chat's OtherChatsAnnouncer).
 */
export function announcementOf(notification: AppNotification, pathname: string): string | null {
  if (notification.title === 'Chat' && pathname.toLowerCase().startsWith('/chatview')) return null;
  return notification.description.trim() || null;
}

/**
 * A polite live region saying each notification as it arrives (`notifications/arrived`), on whichever
 * screen is open: a job request, a booking accepted, rejected or finished, a message, change lists and
 * the bell without a reload, which a screen reader user would otherwise not notice.
 */
export function NotificationAnnouncer() {
  const { pathname } = useLocation();
  const [said, setSaid] = useState<{ id: number; text: string } | null>(null);
  const arrived = useEffectEvent((notification: AppNotification) => {
    const text = announcementOf(notification, pathname);
    if (text) setSaid({ id: notification.id, text });
  });
  useEffect(() => {
    const subscription = bus.on('notifications/arrived').subscribe(({ notification }) => arrived(notification));
    return () => subscription.unsubscribe();
  }, []);
  // At the top of <body>, marked as a live region: a modal dialog (Booking Details) leaves it out of the
  // page it makes inert, and the phone's open menu never covers it.
  return createPortal(
    <div className="ui-visually-hidden" role="status" aria-label="New notifications" data-live-region="">
      {/* A new node for each notification, so the same words arriving twice are said twice. */}
      {said ? <p key={said.id}>{said.text}</p> : null}
    </div>,
    document.body,
  );
}
