import { JOB_STATUSES } from '../contracts';
import { bookingStatusLabel, pastBookingStatusLabel, statusTone } from './statusLabels';

describe('status labels (spec section 4, deviations 3 and 4)', () => {
  it.each([
    ['Pending', 'Waiting for Approval'],
    ['Accepted', 'Accepted'],
    ['Approved', 'Approved'],
    ['Rejected', 'Rejected'],
    ['Completed', 'Completed'],
  ] as const)('a booking card shows %s as %s', (status, label) => {
    expect(bookingStatusLabel(status)).toBe(label);
  });

  it.each([
    ['Pending', 'Waiting for Approval'],
    ['Accepted', 'Accepted'],
    ['Approved', 'Rejected'],
    ['Rejected', 'Rejected'],
    ['Completed', 'Completed'],
  ] as const)('Previous Bookings shows %s as %s', (status, label) => {
    expect(pastBookingStatusLabel(status)).toBe(label);
  });

  it('gives every status a tone, Rejected its own', () => {
    expect(JOB_STATUSES.map(statusTone)).toEqual(['waiting', 'good', 'good', 'bad', 'done']);
  });
});
