import { useCallback, useEffect, useRef } from 'react';

const pageShown = () => document.visibilityState === 'visible';

/**
 * Marks the open conversation read only once its newest messages are seen: while the page is shown (a
 * chat left open in a tab behind others, or on a screen that went to sleep, must not mark new messages
 * read on the user's other devices: their bell and Chat count would never rise) and while the reader is
 * at the bottom of the list (one scrolled up to older messages has not seen what just arrived: it stays
 * unread, counted, until they scroll down or press "New messages"). What arrived meanwhile is marked
 * read when both hold again, if that conversation is still open.
 */
export function useReadWhenSeen(openChatId: number | null, markRead: (chatId: number) => unknown) {
  const unseen = useRef<number | null>(null);
  const newestInView = useRef(true);
  const seen = () => pageShown() && newestInView.current;

  // Another conversation opens at its newest message.
  useEffect(() => {
    newestInView.current = true;
  }, [openChatId]);

  const readWhenSeen = useCallback(
    (chatId: number) => {
      if (seen()) {
        unseen.current = null;
        void markRead(chatId);
      } else unseen.current = chatId;
    },
    [markRead],
  );

  const catchUp = useCallback(() => {
    const chatId = unseen.current;
    if (!seen() || chatId === null) return;
    unseen.current = null;
    if (chatId === openChatId) void markRead(chatId);
  }, [openChatId, markRead]);
  useEffect(() => {
    document.addEventListener('visibilitychange', catchUp);
    return () => document.removeEventListener('visibilitychange', catchUp);
  }, [catchUp]);

  /** The message list tells whether its newest message is in view (the reader is at the bottom). */
  const setNewestInView = useCallback(
    (inView: boolean) => {
      newestInView.current = inView;
      if (inView) catchUp();
    },
    [catchUp],
  );

  return { readWhenSeen, setNewestInView };
}
