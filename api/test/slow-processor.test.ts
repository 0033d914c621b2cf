/**
 * A card processor that takes its time (Stripe answers a charge in a second or two): the booking's charge
 * is made outside any database transaction, so nobody else waits for it (on SQLite a transaction holds the
 * one connection every request uses), and the same booking sent again meanwhile waits for its outcome
 * instead of being charged twice. Runs on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Job } from 'shared/src/contracts/entities';
import { SandboxGateway } from '../src/services/payments.js';
import { ATTEMPT_HORIZON_MS } from '../src/services/bookingAttempts.js';
import { sameBookingKey } from '../src/domain/sameBooking.js';
import { STILL_BEING_PAID, alreadyBookedMessage } from '../src/routes/jobs.js';
import { sweepJobs } from '../src/services/jobSweeper.js';
import {
  DECLINED_CARD,
  DIALECTS,
  addCard,
  bookingBody,
  ensureService,
  signUp,
  signUpProvider,
  startTestServer,
  type Res,
  type TestServer,
  type TestUser,
} from './helpers.js';

/** How long the sandbox processor takes to answer each charge here. */
const PROCESSOR_MS = 600;

/** A promise's answer, and whether it had come yet when `probe` was taken. */
function watched<T>(promise: Promise<T>) {
  const state = { settled: false, value: promise };
  void promise.finally(() => (state.settled = true));
  return state;
}

for (const dialect of DIALECTS) {
  describe(`a slow card processor (${dialect})`, () => {
    let s: TestServer;
    let serviceId: number;
    let customer: TestUser;
    let otherCustomer: TestUser;
    let provider: TestUser;
    let card: { id: number };
    /** The customer's second card, which the processor declines. */
    let declinedCard: { id: number };

    before(async () => {
      s = await startTestServer(dialect, { config: { sandboxLatencyMs: PROCESSOR_MS } });
      serviceId = await ensureService(s);
      [customer, otherCustomer, provider] = await Promise.all([
        signUp(s, 'Customer'),
        signUp(s, 'Customer'),
        signUpProvider(s, 25),
      ]);
      card = await addCard(s, customer);
      declinedCard = await addCard(s, customer, DECLINED_CARD);
    });
    after(() => s.close());

    const charges = () => (s.app.ctx.payments as SandboxGateway).ledger.all().filter((e) => e.kind === 'charge').length;
    const ride = (address: string, extra: Record<string, unknown> = {}, key = `tab-${randomUUID()}`) =>
      s.req<{ data: Job; message: string }>('POST', '/api/jobs', {
        token: customer.token,
        json: bookingBody(provider.id, serviceId, card.id, { address, book_again: undefined, ...extra }),
        headers: { 'Idempotency-Key': key },
      });
    const attempts = () => s.app.ctx.db.selectFrom('booking_attempts').selectAll().execute();
    /** Resolves once the processor has been asked to charge a card (and is taking its time to answer). */
    const whileCharging = () =>
      new Promise<void>((resolve) => {
        const gateway = s.app.ctx.payments;
        const charge = gateway.charge.bind(gateway);
        gateway.charge = (input, db) => {
          gateway.charge = charge;
          resolve();
          return charge(input, db);
        };
      });

    test("while one customer's card is charged, everyone else is answered: reads, and writes", async () => {
      const earlier = await ride(`1 Earlier Street ${dialect}`);
      assert.equal(earlier.status, 201, JSON.stringify(earlier.body));
      const charging = whileCharging();
      const booking = watched(ride(`2 Busy Street ${dialect}`));
      await charging;
      const [othersJobs, accepted, providersJobs] = await Promise.all([
        s.req('GET', '/api/jobs', { token: otherCustomer.token }),
        s.req('PATCH', `/api/jobs/${earlier.body.data.id}`, { token: provider.token, json: { status: 'Accepted' } }),
        s.req('GET', '/api/jobs', { token: provider.token }),
      ]);
      assert.equal(booking.settled, false, 'the others waited for the booking to be charged');
      assert.equal(othersJobs.status, 200);
      assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
      assert.equal(providersJobs.status, 200);
      const booked = await booking.value;
      assert.equal(booked.status, 201, JSON.stringify(booked.body));
      assert.equal((await attempts()).length, 0);
    });

    test('the same booking from a second tab while the first is charged waits for it, and is told it is booked; one charge', async () => {
      const address = `3 Twin Tabs Road ${dialect}`;
      const chargedBefore = charges();
      const charging = whileCharging();
      const first = watched(ride(address));
      await charging;
      const second = await ride(`${address.toUpperCase()}.`);
      assert.equal(first.settled, true, 'the second tab was answered before the first was booked');
      assert.equal((await first.value).status, 201);
      assert.equal(second.status, 409, JSON.stringify(second.body));
      assert.equal(second.body.message, alreadyBookedMessage('Pete Test'));
      assert.equal(charges(), chargedBefore + 1);
    });

    test('the same key sent again while its charge is made (a double click) gets that booking; one charge', async () => {
      const key = `double-${randomUUID()}`;
      const chargedBefore = charges();
      const charging = whileCharging();
      const first = ride(`4 Double Click Lane ${dialect}`, {}, key);
      await charging;
      const again = await ride(`4 Double Click Lane ${dialect}`, {}, key);
      const answered = await first;
      assert.deepEqual([answered.status, again.status], [201, 200]);
      assert.equal(again.body.data.id, answered.body.data.id);
      assert.equal(charges(), chargedBefore + 1);
    });

    test('a second tab that waited on a declined payment books the same ride with its own card', async () => {
      const address = `5 Declined Drive ${dialect}`;
      const charging = whileCharging();
      const first = ride(address, { payment_method_id: declinedCard.id });
      await charging;
      const second = await ride(address);
      assert.equal((await first).status, 402);
      assert.equal(second.status, 201, JSON.stringify(second.body));
      assert.equal((await attempts()).length, 0);
    });

    test('tabs that lose their turn three times are told to try again, with nothing charged or left for them', async () => {
      // Nine tabs send one booking with a card that is declined. Each charge takes the processor's time, and
      // the tabs waiting race for the next turn: each turn one wins (and is declined), the rest lose it. A
      // tab still waiting after three lost turns is not kept waiting for ever. (Which tabs lose is a race:
      // one that polls just after another has claimed the turn has not lost it. With eight waiting, some
      // lose three times; a turn limit that never gave up would decline all nine.)
      const address = `8 Crowded Close ${dialect}`;
      const gateway = s.app.ctx.payments;
      const charge = gateway.charge.bind(gateway);
      let asked = 0;
      let inFlight = 0;
      let mostAtOnce = 0;
      gateway.charge = async (input, db) => {
        asked++;
        mostAtOnce = Math.max(mostAtOnce, ++inFlight);
        try {
          return await charge(input, db);
        } finally {
          inFlight--;
        }
      };
      try {
        const charging = whileCharging();
        const first = ride(address, { payment_method_id: declinedCard.id });
        await charging;
        const waiting = Array.from({ length: 8 }, () => ride(address, { payment_method_id: declinedCard.id }));
        const answers = await Promise.all([first, ...waiting]);
        const declined = answers.filter((a) => a.status === 402);
        const toldToRetry = answers.filter((a) => a.status === 409);
        assert.equal(declined.length + toldToRetry.length, answers.length, JSON.stringify(answers.map((a) => a.body)));
        assert.ok(toldToRetry.length >= 1, 'some tab lost its turn three times');
        for (const told of toldToRetry) assert.equal(told.body.message, STILL_BEING_PAID);
        assert.equal(asked, declined.length, 'one charge for each declined tab, none for a tab told to try again');
        assert.equal(mostAtOnce, 1, 'the same booking was charged once at a time');
        assert.equal((await attempts()).length, 0);
        const booked = await s.req<{ data: Job[] }>('GET', '/api/jobs', { token: customer.token });
        assert.equal(booked.body.data.filter((job) => job.address === address).length, 0);
      } finally {
        gateway.charge = charge;
      }
    });

    test('an attempt left by an API that stopped half-way holds nothing up once it lapses, and the sweep drops it', async () => {
      const address = `6 Stopped Street ${dialect}`;
      const body = bookingBody(provider.id, serviceId, card.id, { address });
      const leftAt = new Date(s.clock.now().getTime() - ATTEMPT_HORIZON_MS - 1000).toISOString();
      await s.app.ctx.db
        .insertInto('booking_attempts')
        .values([
          {
            customer_id: customer.id,
            idempotency_key: `charge:${customer.id}:lost`,
            same_booking_key: sameBookingKey(body),
            created_at: leftAt,
          },
          {
            customer_id: otherCustomer.id,
            idempotency_key: `charge:${otherCustomer.id}:lost`,
            same_booking_key: 'x',
            created_at: leftAt,
          },
        ])
        .execute();
      const booked = await ride(address);
      assert.equal(booked.status, 201, JSON.stringify(booked.body));
      // The customer's own lapsed attempt went with the booking; the other customer's, with the sweep.
      assert.deepEqual(
        (await attempts()).map((a) => a.customer_id),
        [otherCustomer.id],
      );
      assert.equal((await sweepJobs(s.app.ctx)).staleBookingAttemptsDropped, 1);
      assert.equal((await attempts()).length, 0);
    });

    test('answers a client mistake found before charging at once, and leaves no attempt', async () => {
      const res: Res = await ride(`7 Mistake Mews ${dialect}`, { payment_method_id: 999_999 });
      assert.equal(res.status, 400);
      assert.equal((await attempts()).length, 0);
    });
  });
}
