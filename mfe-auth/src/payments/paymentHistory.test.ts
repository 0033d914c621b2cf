import type { PaymentRecord } from 'shared';
import { paymentAmount, paymentBooking, paymentCard, paymentStatusLabel, paymentStatusTone } from './paymentHistory';

const charge: PaymentRecord = {
  id: 1,
  kind: 'charge',
  job_id: 12,
  service_name: 'Driver',
  amount: 10,
  currency: 'INR',
  card_brand: 'Visa',
  card_last4: '4242',
  status: 'succeeded',
  created_at: '2025-03-05T14:07:00Z',
};
const refund: PaymentRecord = { ...charge, id: 2, kind: 'refund' };

describe('payment history labels', () => {
  it('names the booking', () => {
    expect(paymentBooking(charge)).toBe('#12 Driver');
  });

  it('shows a charge as a positive amount and a refund with a minus sign, two decimals and the currency', () => {
    expect(paymentAmount(charge)).toBe('10.00 INR');
    expect(paymentAmount(refund)).toBe('\u221210.00 INR');
    expect(paymentAmount({ ...charge, amount: 12.5 })).toBe('12.50 INR');
    expect(paymentAmount({ ...refund, amount: -10 })).toBe('\u221210.00 INR');
  });

  it('shows the card as brand and last four, or a dash', () => {
    expect(paymentCard(charge)).toBe('Visa •••• 4242');
    expect(paymentCard({ ...charge, card_brand: null })).toBe('•••• 4242');
    expect(paymentCard({ ...charge, card_brand: null, card_last4: null })).toBe('—');
  });

  it('labels each status', () => {
    expect(paymentStatusLabel(charge)).toBe('Paid');
    expect(paymentStatusLabel({ ...charge, status: 'pending' })).toBe('Pending');
    expect(paymentStatusLabel(refund)).toBe('Refunded');
    expect(paymentStatusLabel({ ...refund, status: 'pending' })).toBe('Refund pending');
    expect(paymentStatusTone(charge)).toBe('good');
    expect(paymentStatusTone(refund)).toBe('done');
    expect(paymentStatusTone({ ...refund, status: 'pending' })).toBe('waiting');
  });
});
