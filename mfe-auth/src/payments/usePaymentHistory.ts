import { useEffect } from 'react';
import { bus, fetchPaymentHistory, onCatchUp, type PaymentRecord } from 'shared';
import { usePagedList } from 'shared/src/lists/usePagedList';
import { HISTORY_PAGE_SIZE } from './paymentHistory';

const fetchHistoryPage = (page: number, perPage: number) => fetchPaymentHistory({ page, per_page: perPage }, { silent: true });

/**
 * The signed-in customer's charges and refunds (GET /api/payments), newest first, a page at a time.
 * It fetches the first page again when one of the customer's bookings changes (`job/updated`: a
 * cancel, reject or expiry adds a refund) or the realtime channel resubscribes (events may have been
 * missed), keeping the older pages already shown. The screen reports failures itself (silent calls).
 */
export function usePaymentHistory(customerId: number) {
  const { state, loadFirst, loadMore, retry, retryRefresh } = usePagedList<PaymentRecord>({
    fetchPage: fetchHistoryPage,
    pageSize: HISTORY_PAGE_SIZE,
  });
  useEffect(() => {
    const jobs = bus.on('job/updated').subscribe(({ job }) => {
      if (job.customer_id === customerId) void loadFirst();
    });
    const resubscribed = onCatchUp(() => void loadFirst());
    return () => {
      jobs.unsubscribe();
      resubscribed.unsubscribe();
    };
  }, [customerId, loadFirst]);
  return { state, loadMore, retry, retryRefresh };
}
