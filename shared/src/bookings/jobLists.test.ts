import type { Job, JobStatus } from '../contracts';
import { makeJob } from '../testing';
import {
  activeJobs,
  counterpartOf,
  lastChangedFirst,
  newestAccepted,
  newestOngoing,
  pendingRequests,
  previousJobs,
  showsPastBooking,
  upsertJob,
} from './jobLists';

/** A job of the shared fixture with its own id, status and creation time (newest = highest id). */
const job = (id: number, status: JobStatus, created_at = `2025-01-0${id}T10:00:00.000Z`): Job =>
  makeJob({ id, status, created_at, updated_at: created_at });

const all = [
  job(1, 'Pending'),
  job(2, 'Accepted'),
  job(3, 'Rejected'),
  job(4, 'Completed'),
  job(5, 'Approved'),
  job(6, 'Cancelled'),
  job(7, 'Expired'),
];

describe('job lists', () => {
  it('Active Bookings are Pending or Accepted', () => {
    expect(activeJobs(all).map((j) => j.id)).toEqual([1, 2]);
  });
  it('Previous Bookings are Rejected, Completed (deviation 10), Cancelled or Expired (deviation 28)', () => {
    expect(previousJobs(all).map((j) => j.id)).toEqual([3, 4, 6, 7]);
  });
  it('finished bookings read most recently finished first, whenever they were booked', () => {
    const finished = [
      makeJob({ id: 1, status: 'Completed', created_at: '2025-01-01T10:00:00Z', updated_at: '2025-01-05T10:00:00Z' }),
      makeJob({ id: 2, status: 'Rejected', created_at: '2025-01-02T10:00:00Z', updated_at: '2025-01-02T11:00:00Z' }),
      makeJob({ id: 3, status: 'Cancelled', created_at: '2025-01-03T10:00:00Z', updated_at: '2025-01-03T10:05:00Z' }),
    ];
    expect([...finished].sort(lastChangedFirst).map((j) => j.id)).toEqual([1, 3, 2]);
  });
  it('job requests are only Pending', () => {
    expect(pendingRequests(all).map((j) => j.id)).toEqual([1]);
  });
  it('the Home status shows the newest on-going booking, or none', () => {
    expect(newestOngoing(all)?.id).toBe(2);
    expect(newestOngoing([job(3, 'Rejected')])).toBeNull();
    expect(newestAccepted(all)?.id).toBe(2);
    expect(newestAccepted([job(1, 'Pending')])).toBeNull();
  });
  it('upsertJob replaces a changed job in place and adds a new one first', () => {
    const list = [job(2, 'Pending'), job(1, 'Pending')];
    expect(upsertJob(list, job(1, 'Accepted')).map((j) => [j.id, j.status])).toEqual([
      [2, 'Pending'],
      [1, 'Accepted'],
    ]);
    expect(upsertJob(list, job(3, 'Pending')).map((j) => j.id)).toEqual([3, 2, 1]);
  });
  it('the counterpart is the provider for a customer and the customer for a provider', () => {
    expect(counterpartOf(job(1, 'Pending'), 'Customer').full_name).toBe('Ravi Kumar');
    expect(counterpartOf(job(1, 'Pending'), 'Provider').full_name).toBe('Asha Verma');
  });

  it('a details screen shows a past booking when opened from Previous Bookings, or from its address once finished', () => {
    const done = makeJob({ id: 1, status: 'Completed' });
    const waiting = makeJob({ id: 2, status: 'Pending' });
    expect(showsPastBooking({ jobId: 2, page: 'previousBooking' }, waiting)).toBe(true);
    expect(showsPastBooking(null, done)).toBe(true);
    expect(showsPastBooking(null, waiting)).toBe(false);
    expect(showsPastBooking(null, null)).toBe(false);
    expect(showsPastBooking({ jobId: 1 }, done)).toBe(false);
  });
});
