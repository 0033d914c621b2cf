import { useCallback, useEffect, useRef, useState } from 'react';
import {
  bus,
  fetchNotifications,
  markNotificationsRead,
  messageOfError,
  sessionActions,
  useAppDispatch,
  type AppNotification,
} from 'shared';
import { appendOlderPage, mergeFirstPage } from 'shared/src/lists/pagedRows';
import { markedRead, NOTIFICATIONS_PAGE_SIZE, unreadIds, unreadShownRange } from './notificationPages';
import { answerUnreadCount, askUnreadCount } from './unreadCount';

export interface NotificationPagesState {
  rows: AppNotification[];
  /** The first page has arrived (until then the page shows a loader, or the error). */
  loaded: boolean;
  /** The last page appended (0 before the first). */
  page: number;
  hasMore: boolean;
  loadingMore: boolean;
  /** The last failed call and which call Retry repeats (a failed refresh of a list shown is only logged). */
  error: { message: string; retry: 'first' | 'more' } | null;
  /** Unread when shown: labelled New for this visit. */
  fresh: ReadonlySet<number>;
  /** The newest notification when the list first showed: marking read goes no further. */
  upTo: number | null;
}

const initialState: NotificationPagesState = {
  rows: [],
  loaded: false,
  page: 0,
  hasMore: false,
  loadingMore: false,
  error: null,
  fresh: new Set(),
  upTo: null,
};

const newestOf = (list: AppNotification[]) => (list.length ? Math.max(...list.map((n) => n.id)) : null);

const withFresh = (fresh: ReadonlySet<number>, list: AppNotification[]) => {
  const ids = unreadIds(list);
  return ids.every((id) => fresh.has(id)) ? fresh : new Set([...fresh, ...ids]);
};

/**
 * Your Notifications' list: the first page, then older pages with Load more, newest first, one card per
 * notification. The first page is read again when the bus announces `notifications/changed` (new ones
 * come on top, shown pages stay). What the page shows is marked read, from the oldest card to the newest
 * there was when it opened; one arriving while it is open is labelled New and stays unread (the bell
 * counts it) until the next visit (docs/deviations.md 44). The page reports failures itself (silent calls).
 */
export function useNotificationPages() {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<NotificationPagesState>(initialState);
  const stateRef = useRef(state);
  /** Only the newest first-page request is applied. */
  const firstRequest = useRef(0);
  const marking = useRef(false);
  const mounted = useRef(true);

  const update = useCallback((change: (current: NotificationPagesState) => NotificationPagesState) => {
    stateRef.current = change(stateRef.current);
    setState(stateRef.current);
  }, []);

  const markShown = useCallback(() => {
    const range = unreadShownRange(stateRef.current.rows, stateRef.current.upTo);
    if (!range || marking.current) return;
    marking.current = true;
    const ticket = askUnreadCount();
    markNotificationsRead(range, { silent: true }).then(
      (answer) => {
        marking.current = false;
        answerUnreadCount(ticket, answer.meta?.unread);
        dispatch(sessionActions.patched({ notifications: answer.data }));
        if (!mounted.current) return;
        update((s) => ({ ...s, rows: markedRead(s.rows, range) }));
        // Cards shown (Load more) while this was on its way.
        markShown();
      },
      // Only logged: the bell keeps its count and the next visit tries again.
      (error: unknown) => {
        marking.current = false;
        console.warn('notifications not marked read', error);
      },
    );
  }, [dispatch, update]);

  const showFirst = useCallback(
    (first: AppNotification[], hasMore: boolean) => {
      dispatch(sessionActions.patched({ notifications: first }));
      update((s) =>
        s.loaded
          ? { ...s, rows: mergeFirstPage(first, s.rows), fresh: withFresh(s.fresh, first), error: null }
          : {
              ...s,
              rows: first,
              loaded: true,
              page: 1,
              hasMore,
              error: null,
              fresh: withFresh(s.fresh, first),
              upTo: newestOf(first),
            },
      );
      markShown();
    },
    [dispatch, markShown, update],
  );

  const loadFirst = useCallback(async () => {
    const request = ++firstRequest.current;
    const ticket = askUnreadCount();
    try {
      const answer = await fetchNotifications({ page: 1, per_page: NOTIFICATIONS_PAGE_SIZE }, { silent: true });
      answerUnreadCount(ticket, answer.meta?.unread);
      if (!mounted.current || request !== firstRequest.current) return;
      showFirst(answer.data, answer.meta?.has_more ?? answer.data.length >= NOTIFICATIONS_PAGE_SIZE);
    } catch (error) {
      // Spec section 8: only logged. A list already shown stays.
      console.error(error);
      if (!mounted.current || request !== firstRequest.current || stateRef.current.loaded) return;
      update((s) => ({ ...s, error: { message: messageOfError(error), retry: 'first' } }));
    }
  }, [showFirst, update]);

  const loadMore = useCallback(async () => {
    const current = stateRef.current;
    if (!current.loaded || current.loadingMore || !current.hasMore) return;
    const page = current.page + 1;
    update((s) => ({ ...s, loadingMore: true, error: null }));
    try {
      const answer = await fetchNotifications({ page, per_page: NOTIFICATIONS_PAGE_SIZE }, { silent: true });
      if (!mounted.current) return;
      const older = answer.data;
      update((s) => ({
        ...s,
        rows: appendOlderPage(s.rows, older),
        page,
        hasMore: answer.meta?.has_more ?? older.length >= NOTIFICATIONS_PAGE_SIZE,
        loadingMore: false,
        fresh: withFresh(s.fresh, older),
      }));
      markShown();
    } catch (error) {
      console.error(error);
      if (!mounted.current) return;
      update((s) => ({ ...s, loadingMore: false, error: { message: messageOfError(error), retry: 'more' } }));
    }
  }, [markShown, update]);

  useEffect(() => {
    mounted.current = true;
    void loadFirst();
    const subscription = bus.on('notifications/changed').subscribe((event) => {
      if (event.notifications) showFirst(event.notifications, event.notifications.length >= NOTIFICATIONS_PAGE_SIZE);
      else void loadFirst();
    });
    return () => {
      mounted.current = false;
      subscription.unsubscribe();
    };
  }, [loadFirst, showFirst]);

  const retry = useCallback(() => {
    if (stateRef.current.error?.retry === 'more') void loadMore();
    else {
      update((s) => ({ ...s, error: null }));
      void loadFirst();
    }
  }, [loadFirst, loadMore, update]);

  return { state, loadMore: () => void loadMore(), retry };
}
