import { useCallback, useEffect, useRef, useState } from 'react';
import {
  bus,
  fetchNotifications,
  markNotificationsRead,
  sessionActions,
  useAppDispatch,
  type AppNotification,
  type NotificationsEnvelope,
} from 'shared';
import { usePagedList } from 'shared/src/lists/usePagedList';
import { markedRead, NOTIFICATIONS_PAGE_SIZE, unreadIds, unreadShownRange } from './notificationPages';
import { noteListOpen } from './openLists';
import { answerUnreadCount, askUnreadCount } from './unreadCount';

/** A page of the list; the first page's answer also tells the bell's count (`meta.unread`). */
async function fetchNotificationPage(page: number, perPage: number): Promise<NotificationsEnvelope> {
  if (page > 1) return fetchNotifications({ page, per_page: perPage }, { silent: true });
  const ticket = askUnreadCount();
  let unread: number | undefined;
  try {
    const answer = await fetchNotifications({ page, per_page: perPage }, { silent: true });
    unread = answer.meta?.unread;
    return answer;
  } finally {
    answerUnreadCount(ticket, unread);
  }
}

const newestOf = (list: AppNotification[]) => (list.length ? Math.max(...list.map((n) => n.id)) : null);

const withFresh = (fresh: ReadonlySet<number>, list: AppNotification[]) => {
  const ids = unreadIds(list);
  return ids.every((id) => fresh.has(id)) ? fresh : new Set([...fresh, ...ids]);
};

/**
 * Your Notifications' list (shared usePagedList): the first page, then older pages with Load more, newest
 * first, one card per notification. The first page is read again when the bus announces
 * `notifications/changed` (new ones come on top, shown cards stay). What the page shows is marked read,
 * from the oldest card to the newest there was when it opened; one arriving while it is open is labelled
 * New and stays unread (the bell counts it) until the next visit (docs/deviations.md 44). `fresh` holds
 * the cards unread when shown: labelled New for this visit. The page reports failures itself (silent calls).
 */
export function useNotificationPages() {
  const dispatch = useAppDispatch();
  const [fresh, setFresh] = useState<ReadonlySet<number>>(() => new Set());
  /** The newest notification when the list first showed (null: none); marking read goes no further. */
  const upTo = useRef<number | null | undefined>(undefined);
  const marking = useRef(false);

  const onPageShown = useCallback(
    (rows: AppNotification[], page: number) => {
      if (page === 1) dispatch(sessionActions.patched({ notifications: rows }));
      if (upTo.current === undefined) upTo.current = newestOf(rows);
      setFresh((current) => withFresh(current, rows));
    },
    [dispatch],
  );

  const { state, loadFirst, loadMore, retry, setRows } = usePagedList<AppNotification>({
    fetchPage: fetchNotificationPage,
    pageSize: NOTIFICATIONS_PAGE_SIZE,
    keepShown: true,
    onPageShown,
  });

  // Marks read the unread cards shown in the range, whenever the cards change: the first page, each older
  // page, and those shown while a mark-read was on its way (its answer changes the cards again).
  useEffect(() => {
    const range = unreadShownRange(state.rows, upTo.current ?? null);
    if (!range || marking.current) return;
    marking.current = true;
    const ticket = askUnreadCount(true);
    markNotificationsRead(range, { silent: true }).then(
      (answer) => {
        marking.current = false;
        answerUnreadCount(ticket, answer.meta?.unread);
        dispatch(sessionActions.patched({ notifications: answer.data }));
        setRows((rows) => markedRead(rows, range));
      },
      // Only logged: the bell keeps its count and the next visit tries again.
      (error: unknown) => {
        marking.current = false;
        answerUnreadCount(ticket, undefined);
        console.warn('notifications not marked read', error);
      },
    );
  }, [state.rows, dispatch, setRows]);

  useEffect(() => {
    // While open, this list's read of the first page is also the bell's and the session's (openLists.ts).
    const noteClosed = noteListOpen();
    const subscription = bus.on('notifications/changed').subscribe(({ notifications }) => {
      void loadFirst(notifications && { data: notifications, message: '' });
    });
    return () => {
      subscription.unsubscribe();
      noteClosed();
    };
  }, [loadFirst]);

  return { state, fresh, loadMore, retry };
}
