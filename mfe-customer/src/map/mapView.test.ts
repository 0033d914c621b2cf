import { JOB_NOT_YOURS } from 'shared';
import { CUSTOMER_ID, makeJob, PROVIDER_ID } from '../testing/fixtures';
import { mapViewFor, NOTHING_TO_FOLLOW, nothingToFollow } from './mapView';

const customer = { id: CUSTOMER_ID, role: 'Customer' };
const provider = { id: PROVIDER_ID, role: 'Provider' };

describe('which map a user gets for a job', () => {
  it('only the customer of an Accepted job follows its provider', () => {
    expect(mapViewFor(makeJob({ status: 'Accepted' }), customer)).toEqual({ kind: 'follow' });
    expect(mapViewFor(makeJob({ status: 'Approved' }), customer)).toEqual({ kind: 'follow' });
  });

  it('Pending, Rejected, Completed, Cancelled and Expired say why there is nothing to follow', () => {
    for (const status of ['Pending', 'Rejected', 'Completed', 'Cancelled', 'Expired'] as const) {
      expect(mapViewFor(makeJob({ status }), customer)).toEqual({ kind: 'nothing', message: NOTHING_TO_FOLLOW[status] });
    }
    expect(nothingToFollow('Accepted')).toBeNull();
  });

  it('a cancelled or expired booking says so in words (issue 13)', () => {
    expect(nothingToFollow('Cancelled')).toBe('This booking was cancelled, so there is no provider to follow.');
    expect(nothingToFollow('Expired')).toBe(
      'This booking expired before a provider accepted it, so there is no provider to follow.',
    );
    expect(mapViewFor(makeJob({ status: 'Cancelled', refunded: true }), customer)).toEqual({
      kind: 'nothing',
      message: 'This booking was cancelled, so there is no provider to follow.',
    });
  });

  it("the job's provider gets their own view, whatever the status", () => {
    expect(mapViewFor(makeJob({ status: 'Accepted' }), provider)).toEqual({ kind: 'provider' });
    expect(mapViewFor(makeJob({ status: 'Pending' }), provider)).toEqual({ kind: 'provider' });
  });

  it('anyone else, or nobody signed in, is told it is not theirs', () => {
    expect(mapViewFor(makeJob({ status: 'Accepted' }), { id: 99, role: 'Customer' })).toEqual({
      kind: 'notYours',
      message: JOB_NOT_YOURS,
    });
    expect(mapViewFor(makeJob({ status: 'Accepted' }), { id: 98, role: 'Provider' })).toEqual({
      kind: 'notYours',
      message: JOB_NOT_YOURS,
    });
    expect(mapViewFor(makeJob({ status: 'Accepted' }), null).kind).toBe('notYours');
  });
});
