import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { JobStatus } from '../src/db/schema.js';
import {
  CANCEL_ACCEPTED_MESSAGE,
  canTransition,
  checkTransition,
  JOB_STATUSES,
  type JobActor,
  type PaymentEffect,
} from '../src/domain/jobTransitions.js';

/**
 * The whole table, written out by hand: for every (from, to) pair, who may make the move and what it
 * does to the booking payment. Anything not listed is refused for every actor.
 */
const EXPECTED: Record<string, { actor: JobActor; payment: PaymentEffect }> = {
  'Pending->Accepted': { actor: 'provider', payment: 'none' },
  'Pending->Rejected': { actor: 'provider', payment: 'refund' },
  'Pending->Cancelled': { actor: 'customer', payment: 'refund' },
  'Pending->Expired': { actor: 'system', payment: 'refund' },
  'Accepted->Pending': { actor: 'provider', payment: 'none' },
  'Accepted->Completed': { actor: 'provider', payment: 'none' },
};
const ACTORS: JobActor[] = ['provider', 'customer', 'system'];

describe('the job state machine (exhaustive)', () => {
  test('knows all seven statuses', () => {
    assert.deepEqual([...JOB_STATUSES], ['Pending', 'Accepted', 'Approved', 'Rejected', 'Completed', 'Cancelled', 'Expired']);
  });

  for (const from of JOB_STATUSES) {
    for (const to of JOB_STATUSES) {
      const expected = EXPECTED[`${from}->${to}`];
      test(`${from} -> ${to}: ${expected ? `${expected.actor} only, payment ${expected.payment}` : 'refused for everyone'}`, () => {
        for (const actor of ACTORS) assert.equal(canTransition(from, to, actor), expected?.actor === actor, actor);
        for (const actor of ['provider', 'customer'] as const) {
          const check = checkTransition(from, to, actor);
          if (expected?.actor === actor) {
            assert.ok(check.ok);
            assert.equal(check.transition.payment, expected.payment);
          } else {
            assert.equal(check.ok, false);
          }
        }
      });
    }
  }

  test('final statuses have no way out', () => {
    for (const from of ['Approved', 'Rejected', 'Completed', 'Cancelled', 'Expired'] as JobStatus[]) {
      for (const to of JOB_STATUSES) for (const actor of ACTORS) assert.equal(canTransition(from, to, actor), false);
    }
  });

  test('a 409 says what happened meanwhile, for a screen that is out of date', () => {
    const refusal = (from: JobStatus, to: JobStatus, actor: 'provider' | 'customer' = 'provider') => {
      const check = checkTransition(from, to, actor);
      assert.equal(check.ok, false);
      return check.ok ? null : [check.status, check.message];
    };
    assert.deepEqual(refusal('Accepted', 'Accepted'), [409, 'This job is already Accepted.']);
    assert.deepEqual(refusal('Completed', 'Completed'), [409, 'This job is already Completed.']);
    assert.deepEqual(refusal('Rejected', 'Rejected'), [409, 'This job is already Rejected.']);
    assert.deepEqual(refusal('Cancelled', 'Cancelled', 'customer'), [409, 'This booking has already been cancelled.']);
    assert.deepEqual(refusal('Expired', 'Cancelled', 'customer'), [409, 'This request expired before it was answered.']);
    assert.deepEqual(refusal('Accepted', 'Rejected'), [409, 'This request has already been answered: Accepted.']);
    assert.deepEqual(refusal('Rejected', 'Accepted'), [409, 'This request has already been answered: Rejected.']);
    assert.deepEqual(refusal('Completed', 'Accepted'), [409, 'This request has already been answered: Completed.']);
    assert.deepEqual(refusal('Rejected', 'Cancelled', 'customer'), [409, 'This booking has already been rejected.']);
    assert.deepEqual(refusal('Completed', 'Pending'), [409, 'This job has already been finished.']);
    assert.deepEqual(refusal('Rejected', 'Completed'), [409, 'This request has already been rejected.']);
    assert.deepEqual(refusal('Pending', 'Completed'), [409, 'This job is waiting for approval. Accept it before finishing it.']);
    assert.deepEqual(refusal('Pending', 'Pending'), [409, 'This job is already waiting for approval.']);
    for (const to of ['Accepted', 'Rejected', 'Completed', 'Pending'] as JobStatus[]) {
      assert.deepEqual(refusal('Cancelled', to), [409, 'The customer cancelled this booking.']);
      assert.deepEqual(refusal('Expired', to), [409, 'This request expired before it was answered.']);
    }
  });

  test('refusals say why: 403 for a status never yours to set, 409 for a wrong moment', () => {
    assert.deepEqual(checkTransition('Accepted', 'Cancelled', 'customer'), {
      ok: false,
      status: 409,
      message: CANCEL_ACCEPTED_MESSAGE,
    });
    assert.match(CANCEL_ACCEPTED_MESSAGE, /chat with your provider/);
    assert.deepEqual(checkTransition('Completed', 'Cancelled', 'customer'), {
      ok: false,
      status: 409,
      message: 'This booking has already been completed.',
    });
    assert.deepEqual(checkTransition('Pending', 'Accepted', 'customer'), {
      ok: false,
      status: 403,
      message: "Only the job's provider can change its status.",
    });
    assert.deepEqual(checkTransition('Pending', 'Cancelled', 'provider'), {
      ok: false,
      status: 403,
      message: 'Only the customer can cancel a booking.',
    });
    for (const actor of ['provider', 'customer'] as const) {
      assert.deepEqual(checkTransition('Pending', 'Expired', actor), {
        ok: false,
        status: 403,
        message: 'A request expires on its own when it is not answered in time.',
      });
    }
  });
});
