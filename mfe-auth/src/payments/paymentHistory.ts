import type { PaymentRecord } from 'shared';

/** Rows per page of the payment history (GET /api/payments). */
export const HISTORY_PAGE_SIZE = 10;

/** '#12 Driver': the booking a payment belongs to. */
export const paymentBooking = (record: PaymentRecord) => `#${record.job_id} ${record.service_name}`;

/** '10.00 INR' for a charge; '−10.00 INR' (a minus sign) for a refund. */
export function paymentAmount(record: PaymentRecord): string {
  const amount = `${Math.abs(record.amount).toFixed(2)} ${record.currency}`;
  return record.kind === 'refund' ? `\u2212${amount}` : amount;
}

/** 'Visa •••• 4242', '•••• 4242' without a brand, '—' without a card. */
export function paymentCard(record: PaymentRecord): string {
  if (!record.card_last4) return '—';
  return record.card_brand ? `${record.card_brand} •••• ${record.card_last4}` : `•••• ${record.card_last4}`;
}

/** Paid, Pending (a charge not yet confirmed), Refunded, Refund pending. */
export function paymentStatusLabel(record: PaymentRecord): string {
  if (record.kind === 'refund') return record.status === 'pending' ? 'Refund pending' : 'Refunded';
  return record.status === 'pending' ? 'Pending' : 'Paid';
}

/** The tone of the status badge (shared ui-status classes). */
export function paymentStatusTone(record: PaymentRecord): 'good' | 'done' | 'waiting' {
  if (record.status === 'pending') return 'waiting';
  return record.kind === 'refund' ? 'done' : 'good';
}
