import { useCallback, useEffect, useRef, useState } from 'react';
import { bus, fetchPaymentHistory, messageOfError, type PaymentRecord } from 'shared';
import { appendOlderPage, HISTORY_PAGE_SIZE, mergeFirstPage } from './paymentHistory';

export interface PaymentHistoryState {
  rows: PaymentRecord[];
  /** The first page has arrived (until then the screen shows a loader, or the error). */
  loaded: boolean;
  /** The last page appended (0 before the first). */
  page: number;
  hasMore: boolean;
  loadingMore: boolean;
  /** The API's message of the last failed call, and which call Retry repeats. */
  error: { message: string; retry: 'first' | 'more' } | null;
}

const initialState: PaymentHistoryState = {
  rows: [],
  loaded: false,
  page: 0,
  hasMore: false,
  loadingMore: false,
  error: null,
};

/**
 * The signed-in customer's charges and refunds (GET /api/payments), newest first, a page at a time.
 * It fetches the first page again when one of the customer's bookings changes (`job/updated`: a
 * cancel, reject or expiry adds a refund) or the realtime channel resubscribes (events may have been
 * missed), keeping the older pages already shown. The screen reports failures itself (silent calls).
 */
export function usePaymentHistory(customerId: number) {
  const [state, setState] = useState<PaymentHistoryState>(initialState);
  const stateRef = useRef(state);
  stateRef.current = state;
  /** Only the newest first-page request is applied. */
  const firstRequest = useRef(0);
  const mounted = useRef(true);

  const loadFirst = useCallback(async () => {
    const request = ++firstRequest.current;
    setState((current) => ({ ...current, error: null }));
    try {
      const response = await fetchPaymentHistory({ page: 1, per_page: HISTORY_PAGE_SIZE }, { silent: true });
      if (!mounted.current || request !== firstRequest.current) return;
      const rows = response.data;
      const hasMore = response.meta?.has_more ?? rows.length >= HISTORY_PAGE_SIZE;
      setState((current) =>
        current.page > 1
          ? { ...current, rows: mergeFirstPage(rows, current.rows), loaded: true }
          : { ...current, rows, loaded: true, page: 1, hasMore },
      );
    } catch (error) {
      console.error(error);
      if (!mounted.current || request !== firstRequest.current) return;
      setState((current) => ({ ...current, error: { message: messageOfError(error), retry: 'first' } }));
    }
  }, []);

  const loadMore = useCallback(async () => {
    const current = stateRef.current;
    if (!current.loaded || current.loadingMore) return;
    const page = current.page + 1;
    setState((s) => ({ ...s, loadingMore: true, error: null }));
    try {
      const response = await fetchPaymentHistory({ page, per_page: HISTORY_PAGE_SIZE }, { silent: true });
      if (!mounted.current) return;
      const rows = response.data;
      const hasMore = response.meta?.has_more ?? rows.length >= HISTORY_PAGE_SIZE;
      setState((s) => ({ ...s, rows: appendOlderPage(s.rows, rows), page, hasMore, loadingMore: false }));
    } catch (error) {
      console.error(error);
      if (!mounted.current) return;
      setState((s) => ({ ...s, loadingMore: false, error: { message: messageOfError(error), retry: 'more' } }));
    }
  }, []);

  useEffect(() => {
    mounted.current = true;
    void loadFirst();
    const jobs = bus.on('job/updated').subscribe(({ job }) => {
      if (job.customer_id === customerId) void loadFirst();
    });
    const resubscribed = bus.on('realtime/subscribed').subscribe(() => void loadFirst());
    return () => {
      mounted.current = false;
      jobs.unsubscribe();
      resubscribed.unsubscribe();
    };
  }, [customerId, loadFirst]);

  const retry = useCallback(() => {
    if (stateRef.current.error?.retry === 'more') void loadMore();
    else void loadFirst();
  }, [loadFirst, loadMore]);

  return { state, loadMore: () => void loadMore(), retry };
}
