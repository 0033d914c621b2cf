import { JOB_STATUSES } from '../contracts';
import { makeJob } from '../testing';
import { bookingStatusLabel, customerBookingLabel, pastBookingStatusLabel, statusTone } from './statusLabels';

describe('status labels (spec section 4, deviations 9, 10 and 28)', () => {
  it.each([
    ['Pending', 'Waiting for Approval'],
    ['Accepted', 'Accepted'],
    ['Approved', 'Approved'],
    ['Rejected', 'Rejected'],
    ['Completed', 'Completed'],
    ['Cancelled', 'Cancelled'],
    ['Expired', 'Expired'],
  ] as const)('a booking card shows %s as %s', (status, label) => {
    expect(bookingStatusLabel(status)).toBe(label);
  });

  it.each([
    ['Pending', 'Waiting for Approval'],
    ['Accepted', 'Accepted'],
    ['Approved', 'Rejected'],
    ['Rejected', 'Rejected'],
    ['Completed', 'Completed'],
    ['Cancelled', 'Cancelled'],
    ['Expired', 'Expired'],
  ] as const)('Previous Bookings shows %s as %s', (status, label) => {
    expect(pastBookingStatusLabel(status)).toBe(label);
  });

  it("says a rejected booking was refunded, on the customer's side only when it was", () => {
    expect(pastBookingStatusLabel('Rejected', true)).toBe('Rejected — refunded');
    expect(customerBookingLabel(makeJob({ status: 'Rejected', refunded: true }))).toBe('Rejected — refunded');
    expect(customerBookingLabel(makeJob({ status: 'Rejected', refunded: false }))).toBe('Rejected');
    // A cancelled or expired booking is always refunded; its label stays one word.
    expect(customerBookingLabel(makeJob({ status: 'Cancelled', refunded: true }))).toBe('Cancelled');
    expect(customerBookingLabel(makeJob({ status: 'Expired', refunded: true }))).toBe('Expired');
  });

  it('gives every status a tone, the closed ones (Cancelled, Expired) their own', () => {
    expect(JOB_STATUSES.map(statusTone)).toEqual(['waiting', 'good', 'good', 'bad', 'done', 'closed', 'closed']);
  });
});
