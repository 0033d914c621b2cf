import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOfError } from 'shared';
import type { PagedEnvelope } from '../contracts';
import { appendOlderPage, mergeFirstPage, type Row } from 'shared/src/lists/pagedRows';

export interface PagedListState<T> {
  rows: T[];
  /** The first page has arrived (until then the screen shows a loader, or the error). */
  loaded: boolean;
  /** The last page appended (0 before the first). */
  page: number;
  hasMore: boolean;
  loadingMore: boolean;
  /** The API's message of the last failed call, and which call Retry repeats: the first page (none shown) or the next. */
  error: { message: string; retry: 'first' | 'more' } | null;
  /**
   * The API's message when fetching the first page again over the list shown failed: the list stays as
   * it was (`retryRefresh` asks again). Null once a first page comes; never set with `keepShown`.
   */
  refreshError: string | null;
}

export interface PagedListOptions<T> {
  /** One page (1-based) of `pageSize` rows, newest first, as the API answers it. */
  fetchPage: (page: number, pageSize: number) => Promise<PagedEnvelope<T[]>>;
  pageSize: number;
  /** The first page is shown no sooner than this after the load began (the spec's list loaders). */
  minFirstLoadMs?: number;
  /**
   * The list shown stays until an answer changes it: a fresh first page is merged over it even before
   * Load more (by default it replaces a lone first page), a failed refresh of a list shown is only logged
   * (by default it is `refreshError`), and an error stays until a first page comes or Retry.
   */
  keepShown?: boolean;
  /** Told each page's rows as they are shown (page 1 also for each fresh first page), in the same render. */
  onPageShown?: (rows: T[], page: number) => void;
  /**
   * What the screen knows newer than a first page that may have been read before it (changes events
   * brought while the page was on its way), laid over each first page before it is shown.
   */
  overFirstPage?: (rows: T[]) => T[];
}

const initialState = { rows: [], loaded: false, page: 0, hasMore: false, loadingMore: false, error: null, refreshError: null };

const waitUntil = async (at: number) => {
  if (at > Date.now()) await new Promise((resolve) => setTimeout(resolve, at - Date.now()));
};

/**
 * A list read a page at a time (`meta.has_more` says whether there is more): the first page on mount,
 * `loadMore` for the next, `loadFirst` to fetch the first page again over what is shown (after a
 * change, or events that may have been missed) keeping the older pages, or to show one known without
 * asking, `setRows` for a change known without asking. Calls are silent: the screen shows `error` and
 * offers `retry`, and shows `refreshError` beside the list it keeps, offering `retryRefresh`.
 */
export function usePagedList<T extends Row>({
  fetchPage,
  pageSize,
  minFirstLoadMs = 0,
  keepShown = false,
  onPageShown,
  overFirstPage,
}: PagedListOptions<T>) {
  const [state, setState] = useState<PagedListState<T>>(initialState);
  const stateRef = useRef(state);
  const fetchRef = useRef(fetchPage);
  const onPageShownRef = useRef(onPageShown);
  const overFirstPageRef = useRef(overFirstPage);
  useEffect(() => {
    stateRef.current = state;
    fetchRef.current = fetchPage;
    onPageShownRef.current = onPageShown;
    overFirstPageRef.current = overFirstPage;
  });
  /** Only the newest first-page request is applied. */
  const firstRequest = useRef(0);
  const mounted = useRef(true);

  const loadFirst = useCallback(
    async (known?: PagedEnvelope<T[]>) => {
      const request = ++firstRequest.current;
      const showFrom = stateRef.current.loaded ? 0 : Date.now() + minFirstLoadMs;
      if (!keepShown) setState((current) => ({ ...current, error: null }));
      try {
        const response = known ?? (await fetchRef.current(1, pageSize));
        await waitUntil(showFrom);
        if (!mounted.current || request !== firstRequest.current) return;
        const hasMore = response.meta?.has_more ?? response.data.length >= pageSize;
        const rows = overFirstPageRef.current?.(response.data) ?? response.data;
        onPageShownRef.current?.(rows, 1);
        setState((current) => {
          const next =
            current.page > 1 || (keepShown && current.loaded)
              ? { ...current, rows: mergeFirstPage(rows, current.rows), loaded: true }
              : { ...current, rows, loaded: true, page: 1, hasMore };
          return keepShown ? { ...next, error: null } : { ...next, refreshError: null };
        });
      } catch (error) {
        console.error(error);
        await waitUntil(showFrom);
        if (!mounted.current || request !== firstRequest.current) return;
        const message = messageOfError(error);
        setState((current) => {
          if (!current.loaded) return { ...current, error: { message, retry: 'first' } };
          return keepShown ? current : { ...current, refreshError: message };
        });
      }
    },
    [pageSize, minFirstLoadMs, keepShown],
  );

  const loadMore = useCallback(async () => {
    const current = stateRef.current;
    if (!current.loaded || current.loadingMore || !current.hasMore) return;
    const page = current.page + 1;
    stateRef.current = { ...current, loadingMore: true };
    setState((s) => ({ ...s, loadingMore: true, error: null }));
    try {
      const response = await fetchRef.current(page, pageSize);
      if (!mounted.current) return;
      const rows = response.data;
      const hasMore = response.meta?.has_more ?? rows.length >= pageSize;
      onPageShownRef.current?.(rows, page);
      setState((s) => ({ ...s, rows: appendOlderPage(s.rows, rows), page, hasMore, loadingMore: false }));
    } catch (error) {
      console.error(error);
      if (!mounted.current) return;
      setState((s) => ({ ...s, loadingMore: false, error: { message: messageOfError(error), retry: 'more' } }));
    }
  }, [pageSize]);

  useEffect(() => {
    mounted.current = true;
    void loadFirst();
    return () => {
      mounted.current = false;
    };
  }, [loadFirst]);

  const retry = useCallback(() => {
    if (stateRef.current.error?.retry === 'more') void loadMore();
    else {
      setState((s) => ({ ...s, error: null }));
      void loadFirst();
    }
  }, [loadFirst, loadMore]);

  const retryRefresh = useCallback(() => {
    setState((s) => ({ ...s, refreshError: null }));
    void loadFirst();
  }, [loadFirst]);

  const setRows = useCallback((change: (rows: T[]) => T[]) => setState((s) => ({ ...s, rows: change(s.rows) })), []);

  return { state, loadFirst, loadMore: () => void loadMore(), retry, retryRefresh, setRows };
}
