import { useCallback, useEffect, useEffectEvent, useRef } from 'react';

const pageShown = () => document.visibilityState === 'visible';

/**
 * Marks the open conversation read only while the page is shown: a chat left open in a tab behind
 * others, or on a screen that went to sleep, must not mark new messages read on the user's other
 * devices (their bell and Chat count would never rise). What arrived meanwhile is marked read when the
 * page is shown again, if that conversation is still open.
 */
export function useReadWhenSeen(openChatId: number | null, markRead: (chatId: number) => unknown) {
  const unseen = useRef<number | null>(null);

  const readWhenSeen = useCallback(
    (chatId: number) => {
      if (pageShown()) {
        unseen.current = null;
        void markRead(chatId);
      } else unseen.current = chatId;
    },
    [markRead],
  );

  const shownAgain = useEffectEvent(() => {
    const chatId = unseen.current;
    if (!pageShown() || chatId === null) return;
    unseen.current = null;
    if (chatId === openChatId) void markRead(chatId);
  });
  useEffect(() => {
    const onChange = () => shownAgain();
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);

  return readWhenSeen;
}
