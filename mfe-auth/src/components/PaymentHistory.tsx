import { useId } from 'react';
import { ErrorState, Loader } from 'shared';
import { formatDateLong } from 'shared/src/format';
import { LoadMoreButton } from 'shared/src/lists/LoadMoreButton';
import { useFocusFirstLoaded } from 'shared/src/lists/useFocusFirstLoaded';
import { paymentAmount, paymentBooking, paymentCard, paymentStatusLabel, paymentStatusTone } from '../payments/paymentHistory';
import { usePaymentHistory } from '../payments/usePaymentHistory';
import '../account.css';

/*
 * On a narrow container the table is restyled as a stacked list (auth.css: display block/flex). Some
 * browsers drop the table semantics of table elements whose display changes, so every table role is
 * stated explicitly (the known fix for responsive tables). jsx-a11y counts these as redundant, and
 * takes th/td for interactive grid cells; neither applies to a read-only table.
 */
/* eslint-disable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role */

/**
 * Payment history of the Payments screen (customers only): the customer's booking charges and their
 * refunds, newest first, 10 at a time with Load more; kept current when one of their bookings changes
 * (a failed refresh keeps the rows shown and says so above them).
 */
export function PaymentHistory({ customerId }: { customerId: number }) {
  const headingId = useId();
  const { state, loadMore, retry, retryRefresh } = usePaymentHistory(customerId);
  const { rows, loaded, hasMore, loadingMore, error, refreshError } = state;
  const { listRef, showMore } = useFocusFirstLoaded<HTMLTableSectionElement>(loadingMore, loadMore);

  let body;
  if (!loaded) {
    body = error ? (
      <ErrorState message="Your payment history could not be loaded." detail={error.message} onRetry={retry} />
    ) : (
      <Loader label="Loading payment history" />
    );
  } else {
    body = (
      <>
        {refreshError ? (
          <ErrorState message="Your payment history could not be refreshed." detail={refreshError} onRetry={retryRefresh} />
        ) : null}
        {rows.length === 0 ? (
          <p className="auth-history-empty">No payments yet.</p>
        ) : (
          <table role="table" className="auth-history-table" aria-labelledby={headingId}>
            <thead role="rowgroup">
              <tr role="row">
                <th role="columnheader" scope="col">
                  Date
                </th>
                <th role="columnheader" scope="col">
                  Booking
                </th>
                <th role="columnheader" scope="col" className="auth-history-amount">
                  Amount
                </th>
                <th role="columnheader" scope="col">
                  Card
                </th>
                <th role="columnheader" scope="col">
                  Status
                </th>
              </tr>
            </thead>
            <tbody ref={listRef} role="rowgroup">
              {rows.map((record) => (
                <tr
                  role="row"
                  key={record.id}
                  className={record.kind === 'refund' ? 'auth-history-row auth-history-row--refund' : 'auth-history-row'}
                >
                  <td role="cell" data-label="Date">
                    <time dateTime={record.created_at}>{formatDateLong(record.created_at)}</time>
                  </td>
                  <td role="cell" data-label="Booking">
                    <span>
                      {paymentBooking(record)}
                      {record.kind === 'refund' ? (
                        <>
                          {' '}
                          <span className="auth-badge auth-badge--refund">Refund</span>
                        </>
                      ) : null}
                    </span>
                  </td>
                  <td role="cell" data-label="Amount" className="auth-history-amount">
                    <span>{paymentAmount(record)}</span>
                  </td>
                  <td role="cell" data-label="Card">
                    <span>{paymentCard(record)}</span>
                  </td>
                  <td role="cell" data-label="Status">
                    <span className={`ui-status ui-status--${paymentStatusTone(record)}`}>{paymentStatusLabel(record)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {error ? (
          <ErrorState message="More payments could not be loaded." detail={error.message} onRetry={retry} />
        ) : hasMore ? (
          <div className="auth-history-more">
            <LoadMoreButton loading={loadingMore} onLoadMore={showMore} />
          </div>
        ) : null}
      </>
    );
  }

  return (
    <section className="ui-card auth-history" aria-labelledby={headingId}>
      <h2 id={headingId} className="auth-history-title">
        Payment history
      </h2>
      {body}
    </section>
  );
}
