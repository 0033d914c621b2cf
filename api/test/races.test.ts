/**
 * Two requests about the same thing at nearly the same time (a double click, two tabs, the customer and
 * the provider at once), and a request from a screen that is out of date. Each gets a clear 4xx (409 for
 * a status change that no longer exists), never a 500; nothing is stored or charged twice. Runs on
 * SQLite, and on PostgreSQL when TEST_DATABASE_URL is set (where requests really run side by side).
 */
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import type { Job } from 'shared/src/contracts/entities';
import { SandboxGateway } from '../src/services/payments.js';
import { alreadyBookedMessage, CARD_GONE, SERVICE_NOT_OFFERED } from '../src/routes/jobs.js';
import { CANCEL_ACCEPTED_MESSAGE } from '../src/domain/jobTransitions.js';
import { sweepJobs } from '../src/services/jobSweeper.js';
import {
  DIALECTS,
  GOOD_CARD,
  addCard,
  bookingBody,
  signUp,
  signUpProvider,
  startWithParties,
  type Res,
  type TestServer,
  type TestUser,
} from './helpers.js';

const statuses = (answers: Res[]) => answers.map((a) => a.status).sort();

for (const dialect of DIALECTS) {
  describe(`requests that race, and screens that are out of date (${dialect})`, () => {
    let s: TestServer;
    let serviceId: number;
    let customer: TestUser;
    let provider: TestUser;
    let card: { id: number };

    before(async () => {
      ({ s, serviceId, customer, provider } = await startWithParties(dialect));
      card = await addCard(s, customer);
    });
    after(() => s.close());

    const ledger = () => (s.app.ctx.payments as SandboxGateway).ledger;
    const book = (headers?: Record<string, string>, cardId = card.id) =>
      s.req<{ data: Job; message: string }>('POST', '/api/jobs', {
        token: customer.token,
        json: bookingBody(provider.id, serviceId, cardId),
        headers,
      });
    /** The booking payments stored for the customer's Idempotency-Key `key`. */
    const paymentsWithKey = (key: string) =>
      s.app.ctx.db.selectFrom('payments').select('id').where('idempotency_key', '=', `charge:${customer.id}:${key}`).execute();
    const booked = async () => {
      const res = await book();
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return res.body.data;
    };
    const patch = (user: TestUser, id: number, status: string) =>
      s.req<{ message: string }>('PATCH', `/api/jobs/${id}`, { token: user.token, json: { status } });
    const statusOf = async (id: number) =>
      (await s.app.ctx.db.selectFrom('jobs').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    const refundsOf = (jobId: number) => s.app.ctx.db.selectFrom('refunds').selectAll().where('job_id', '=', jobId).execute();
    const savedCards = async (user: TestUser) =>
      (
        await s.req<{ data: { id: number; card_last4: string; is_default: boolean }[] }>('GET', '/api/payment-methods', {
          token: user.token,
        })
      ).body.data;

    /**
     * Sends a request, and runs `meanwhile` to its end once the request has read what it checks and is
     * about to open its transaction (the next db.transaction() the API starts): "at the very moment".
     */
    const beforeItsTransaction = async <T>(send: () => Promise<T>, meanwhile: () => Promise<void>): Promise<T> => {
      const db = s.app.ctx.db;
      const transaction = db.transaction.bind(db);
      db.transaction = () => {
        db.transaction = transaction;
        const builder = transaction();
        const execute = builder.execute.bind(builder);
        builder.execute = async (callback) => {
          await meanwhile();
          return execute(callback);
        };
        return builder;
      };
      try {
        return await send();
      } finally {
        db.transaction = transaction;
      }
    };

    describe('the same booking sent from two tabs (two keys), without book_again', () => {
      /** One ride, as a form sends it (no book_again), with its own key: a tab of its own. */
      const sameRide = (address: string, extra: Record<string, unknown> = {}) =>
        s.req<{ data: Job; message: string; errors?: Record<string, string[]> }>('POST', '/api/jobs', {
          token: customer.token,
          json: bookingBody(provider.id, serviceId, card.id, { address, book_again: undefined, ...extra }),
          headers: { 'Idempotency-Key': `tab-${randomUUID()}` },
        });
      const jobsTo = (address: string) =>
        s.app.ctx.db.selectFrom('jobs').select(['id', 'status']).where('address', '=', address).execute();
      const charges = () =>
        ledger()
          .all()
          .filter((e) => e.kind === 'charge').length;

      test('while the first is open, the second is refused with the reason, nothing booked or charged; book_again books a second; once closed, it books again', async () => {
        const address = `9 Twin Tabs Road ${dialect}`;
        const first = await sameRide(address);
        assert.equal(first.status, 201, JSON.stringify(first.body));
        const chargedBefore = charges();
        const second = await sameRide(address);
        assert.equal(second.status, 409, JSON.stringify(second.body));
        assert.equal(second.body.message, alreadyBookedMessage('Pete Test'));
        assert.deepEqual(second.body.errors, { book_again: [alreadyBookedMessage('Pete Test')] });
        assert.equal((await jobsTo(address)).length, 1);
        assert.equal(charges(), chargedBefore);
        // The same address typed again otherwise (case, spaces, a comma or full stop) is the same booking.
        const retyped = await sameRide(`  ${address.toUpperCase().replace(' ROAD', '  ROAD.,')} `);
        assert.equal(retyped.status, 409, JSON.stringify(retyped.body));
        // Another time, or other addresses, is another booking.
        assert.equal((await sameRide(address, { time: '11:45' })).status, 201);
        assert.equal((await sameRide(`${address} East`)).status, 201);
        // Sent again on purpose.
        assert.equal((await sameRide(address, { book_again: true })).status, 201);
        // Accepted, it is still open; finished, the same ride may be booked again.
        assert.equal((await patch(provider, first.body.data.id, 'Accepted')).status, 200);
        assert.equal((await sameRide(address)).status, 409);
        const open = (await jobsTo(address)).filter((j) => j.status === 'Pending');
        for (const job of open) assert.equal((await patch(provider, job.id, 'Rejected')).status, 200);
        assert.equal((await patch(provider, first.body.data.id, 'Completed')).status, 200);
        assert.equal((await sameRide(address)).status, 201);
      });

      test('at the very moment, or at once: one is booked and charged, the other is told', async () => {
        const address = `10 Twin Tabs Road ${dialect}`;
        let other: Res | undefined;
        const first = await beforeItsTransaction(
          () => sameRide(address),
          async () => {
            other = await sameRide(address);
          },
        );
        assert.deepEqual(statuses([first, other!]), [201, 409]);
        const atOnce = `11 Twin Tabs Road ${dialect}`;
        const chargedBefore = charges();
        const answers = await Promise.all([sameRide(atOnce), sameRide(atOnce), sameRide(atOnce)]);
        assert.deepEqual(statuses(answers), [201, 409, 409], JSON.stringify(answers.map((a) => a.body)));
        assert.equal((await jobsTo(atOnce)).length, 1);
        assert.equal(charges(), chargedBefore + 1);
      });
    });

    test('Submit & Pay sent three times at once with one Idempotency-Key books and charges once; each gets that booking', async () => {
      const key = `double-click-${dialect}`;
      const answers = await Promise.all([
        book({ 'Idempotency-Key': key }),
        book({ 'Idempotency-Key': key }),
        book({ 'Idempotency-Key': key }),
      ]);
      assert.deepEqual(statuses(answers), [200, 200, 201], JSON.stringify(answers.map((a) => a.body)));
      assert.equal(new Set(answers.map((a) => a.body.data.id)).size, 1);
      for (const a of answers) assert.equal(a.body.message, 'Booking created successfully');
      const charges = ledger()
        .all()
        .filter((e) => e.kind === 'charge' && e.idempotency_key === `charge:${customer.id}:${key}`);
      assert.equal(charges.length, 1);
      assert.equal((await paymentsWithKey(key)).length, 1);
    });

    test('one Idempotency-Key sent twice at once with different choices books and charges once; the other is told', async () => {
      const key = `edited-at-once-${dialect}`;
      const answers = await Promise.all([
        book({ 'Idempotency-Key': key }),
        s.req<{ data: Job; message: string }>('POST', '/api/jobs', {
          token: customer.token,
          json: bookingBody(provider.id, serviceId, card.id, { address: '7 Elsewhere Lane' }),
          headers: { 'Idempotency-Key': key },
        }),
      ]);
      assert.deepEqual(statuses(answers), [201, 409], JSON.stringify(answers.map((a) => a.body)));
      assert.match(answers.find((a) => a.status === 409)!.body.message, /^Your earlier Submit & Pay went through/);
      assert.equal((await paymentsWithKey(key)).length, 1);
    });

    test('a card removed in another tab while Submit & Pay is being charged: the booking completes, then the card goes', async () => {
      const spare = await addCard(s, customer, '5555555555554444');
      const gateway = s.app.ctx.payments;
      const charge = gateway.charge.bind(gateway);
      let removal: Promise<Res> | undefined;
      gateway.charge = async (input, db) => {
        // The other tab's Remove card arrives while the processor is charging the card.
        removal = s.req('DELETE', `/api/payment-methods/${spare.id}`, { token: customer.token });
        await new Promise((resolve) => setTimeout(resolve, 150));
        return charge(input, db);
      };
      let answer: Res<{ data: Job }>;
      try {
        answer = await book(undefined, spare.id);
      } finally {
        gateway.charge = charge;
      }
      assert.equal(answer.status, 201, JSON.stringify(answer.body));
      assert.equal((await removal!).status, 200);
      assert.ok(!(await savedCards(customer)).some((c) => c.id === spare.id));
      // The charge stays on the books (its card is no longer saved), with the card's brand and last four.
      const payment = await s.app.ctx.db
        .selectFrom('payments')
        .selectAll()
        .where('job_id', '=', answer.body.data.id)
        .executeTakeFirstOrThrow();
      assert.equal(payment.payment_method_id, null);
      assert.equal(payment.card_last4, '4444');
    });

    // Row locks are PostgreSQL's; SQLite runs one write transaction at a time.
    if (dialect === 'postgres')
      test('a card removed in another tab just as Submit & Pay has locked it: both go through, neither deadlocks the other', async () => {
        const spare = await addCard(s, customer, '5555555555554444');
        const db = s.app.ctx.db;
        /** Requests of this test waiting on a lock, as PostgreSQL reports them. */
        const waiting = async () =>
          Number(
            (
              await sql<{ n: string }>`select count(*) as n from pg_locks where not granted and pid <> pg_backend_pid()`.execute(
                db,
              )
            ).rows[0].n,
          );
        const until = async (condition: () => Promise<boolean>) => {
          for (let i = 0; i < 200 && !(await condition()); i++) await new Promise((resolve) => setTimeout(resolve, 25));
        };
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        // Holds back the booking's job insert (a table lock the insert waits for, reads do not), so that the
        // removal comes exactly between the booking's card lock and its insert: the window of the race.
        const holding = db.transaction().execute(async (trx) => {
          await sql`lock table jobs in share mode`.execute(trx);
          await released;
        });
        await until(
          async () =>
            (
              await sql<{
                n: string;
              }>`select count(*) as n from pg_locks where relation = 'jobs'::regclass and mode = 'ShareLock' and granted`.execute(
                db,
              )
            ).rows[0].n !== '0',
        );
        const booking = book(undefined, spare.id);
        await until(async () => (await waiting()) >= 1);
        const removal = s.req('DELETE', `/api/payment-methods/${spare.id}`, { token: customer.token });
        await until(async () => (await waiting()) >= 2);
        release();
        await holding;
        const [booked, removed] = await Promise.all([booking, removal]);
        assert.equal(booked.status, 201, JSON.stringify(booked.body));
        assert.equal(removed.status, 200, JSON.stringify(removed.body));
        assert.ok(!(await savedCards(customer)).some((c) => c.id === spare.id));
      });

    test('Submit & Pay with a card removed before it was sent: a 400 that says so, nothing booked or charged', async () => {
      const gone = await addCard(s, customer, '4000056655665556');
      assert.equal((await s.req('DELETE', `/api/payment-methods/${gone.id}`, { token: customer.token })).status, 200);
      const chargesBefore = ledger().all().length;
      const jobsBefore = (await s.app.ctx.db.selectFrom('jobs').select('id').execute()).length;
      const res = await s.req('POST', '/api/jobs', { token: customer.token, json: bookingBody(provider.id, serviceId, gone.id) });
      assert.equal(res.status, 400);
      assert.equal(res.body.message, CARD_GONE);
      assert.deepEqual(res.body.errors, { payment_method_id: [CARD_GONE] });
      assert.equal(ledger().all().length, chargesBefore);
      assert.equal((await s.app.ctx.db.selectFrom('jobs').select('id').execute()).length, jobsBefore);
    });

    test('the provider withdraws the service at the moment the customer pays: refused as not offered, nothing booked or charged', async () => {
      const withdrawing = await signUpProvider(s);
      const offered = await s.req<{ data: { id: number; service_id: number }[] }>('GET', '/api/user-services', {
        token: withdrawing.token,
      });
      const row = offered.body.data.find((us) => us.service_id === serviceId)!;
      const db = s.app.ctx.db;
      let withdrawal: Res | undefined;
      const chargesBefore = ledger().all().length;
      // The provider's Delete on All Services lands after the booking's checks were read and before its
      // transaction (the booking and the charge) begins.
      const res = await beforeItsTransaction(
        () => s.req('POST', '/api/jobs', { token: customer.token, json: bookingBody(withdrawing.id, serviceId, card.id) }),
        async () => {
          withdrawal = await s.req('DELETE', `/api/user-services/${row.id}`, { token: withdrawing.token });
        },
      );
      assert.equal(withdrawal?.status, 200, JSON.stringify(withdrawal?.body));
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.equal(res.body.message, SERVICE_NOT_OFFERED);
      assert.deepEqual(res.body.errors, { service_id: [SERVICE_NOT_OFFERED] });
      assert.equal(ledger().all().length, chargesBefore);
      const jobs = await db.selectFrom('jobs').select('id').where('provider_id', '=', withdrawing.id).execute();
      assert.deepEqual(jobs, []);
    });

    test('Add New card twice at once with the same card saves it once: the second is told it is already saved', async () => {
      for (let round = 0; round < 3; round++) {
        const newcomer = await signUp(s, 'Customer');
        // Each press of the card form tokenises the card anew: two tokens of one card.
        const token = async () =>
          (
            await s.req('POST', '/sandbox/v1/tokens', {
              json: { card_name: 'Cara Test', card_number: GOOD_CARD, exp_month: 12, exp_year: 2030, cvc: '123' },
            })
          ).body.id as string;
        const [first, second] = [await token(), await token()];
        const save = (t: string) => s.req('POST', '/api/payment-methods', { token: newcomer.token, json: { token: t } });
        const answers = await Promise.all([save(first), save(second)]);
        assert.deepEqual(statuses(answers), [201, 409], JSON.stringify(answers.map((a) => a.body)));
        assert.equal(answers.find((a) => a.status === 409)!.body.message, 'This card is already saved.');
        const cards = await savedCards(newcomer);
        assert.equal(cards.length, 1);
        assert.equal(cards[0].is_default, true);
      }
    });

    test('Remove card pressed in two tabs at once: one removes it, the other is told it is not there', async () => {
      const twice = await addCard(s, customer, '4000056655665556');
      const remove = () => s.req('DELETE', `/api/payment-methods/${twice.id}`, { token: customer.token });
      const answers = await Promise.all([remove(), remove()]);
      assert.deepEqual(statuses(answers), [200, 404]);
      assert.equal(answers.find((a) => a.status === 404)!.body.message, 'This card has already been removed.');
    });

    test('two different cards removed at once, one of them the default: exactly one remaining card is the default', async () => {
      for (let round = 0; round < 5; round++) {
        const holder = await signUp(s, 'Customer');
        const first = await addCard(s, holder, GOOD_CARD);
        const second = await addCard(s, holder, '5555555555554444');
        const third = await addCard(s, holder, '4000056655665556');
        assert.deepEqual(
          (await savedCards(holder)).filter((c) => c.is_default).map((c) => c.id),
          [first.id],
        );
        const remove = (id: number) => s.req('DELETE', `/api/payment-methods/${id}`, { token: holder.token });
        const answers = await Promise.all([remove(first.id), remove(second.id)]);
        assert.deepEqual(statuses(answers), [200, 200], JSON.stringify(answers.map((a) => a.body)));
        const left = await savedCards(holder);
        assert.deepEqual(
          left.map((c) => ({ id: c.id, is_default: c.is_default })),
          [{ id: third.id, is_default: true }],
        );
      }
    });

    test('Make this Default for a card removed in another tab at that moment: said removed, and a remaining card stays the default', async () => {
      const holder = await signUp(s, 'Customer');
      const first = await addCard(s, holder, GOOD_CARD);
      const second = await addCard(s, holder, '5555555555554444');
      let removal: Res | undefined;
      const res = await beforeItsTransaction(
        () => s.req('POST', `/api/payment-methods/${second.id}/default`, { token: holder.token }),
        async () => {
          removal = await s.req('DELETE', `/api/payment-methods/${second.id}`, { token: holder.token });
        },
      );
      assert.equal(removal?.status, 200, JSON.stringify(removal?.body));
      assert.equal(res.status, 404, JSON.stringify(res.body));
      assert.equal(res.body.message, 'This card has already been removed.');
      assert.deepEqual(
        (await savedCards(holder)).map((c) => ({ id: c.id, is_default: c.is_default })),
        [{ id: first.id, is_default: true }],
      );
    });

    test('Finish Job pressed twice at once (two tabs): one finishes, the other is told it is already Completed', async () => {
      const job = await booked();
      assert.equal((await patch(provider, job.id, 'Accepted')).status, 200);
      const answers = await Promise.all([patch(provider, job.id, 'Completed'), patch(provider, job.id, 'Completed')]);
      assert.deepEqual(statuses(answers), [200, 409]);
      assert.equal(answers.find((a) => a.status === 409)!.body.message, 'This job is already Completed.');
      const finished = await s.app.ctx.db
        .selectFrom('notifications')
        .select('id')
        .where('job_id', '=', job.id)
        .where('description', 'like', '%has finished your job%')
        .execute();
      assert.equal(finished.length, 1, 'the customer is told once');
    });

    test('Accept in one tab and Reject in another at once: one answer stands, the other is told which, one refund at most', async () => {
      for (let round = 0; round < 3; round++) {
        const job = await booked();
        const answers = await Promise.all([patch(provider, job.id, 'Accepted'), patch(provider, job.id, 'Rejected')]);
        assert.deepEqual(statuses(answers), [200, 409], JSON.stringify(answers.map((a) => a.body)));
        const now = await statusOf(job.id);
        assert.equal(answers.find((a) => a.status === 409)!.body.message, `This request has already been answered: ${now}.`);
        assert.equal((await refundsOf(job.id)).length, now === 'Rejected' ? 1 : 0);
      }
    });

    test('the provider accepts while the customer cancels: one wins, the other gets the words for what happened', async () => {
      for (let round = 0; round < 3; round++) {
        const job = await booked();
        const [accept, cancel] = await Promise.all([patch(provider, job.id, 'Accepted'), patch(customer, job.id, 'Cancelled')]);
        assert.deepEqual(statuses([accept, cancel]), [200, 409]);
        if ((await statusOf(job.id)) === 'Accepted') {
          assert.equal(cancel.body.message, CANCEL_ACCEPTED_MESSAGE);
          assert.equal((await refundsOf(job.id)).length, 0);
        } else {
          assert.equal(accept.body.message, 'The customer cancelled this booking.');
          assert.equal((await refundsOf(job.id)).length, 1);
        }
      }
    });

    test('from a screen that is out of date: each refusal says what happened meanwhile', async () => {
      const cancelled = await booked();
      assert.equal((await patch(customer, cancelled.id, 'Cancelled')).status, 200);
      for (const status of ['Accepted', 'Rejected']) {
        const res = await patch(provider, cancelled.id, status);
        assert.equal(res.status, 409);
        assert.equal(res.body.message, 'The customer cancelled this booking.');
      }

      const accepted = await booked();
      assert.equal((await patch(provider, accepted.id, 'Accepted')).status, 200);
      assert.equal((await patch(provider, accepted.id, 'Accepted')).body.message, 'This job is already Accepted.');
      assert.equal(
        (await patch(provider, accepted.id, 'Rejected')).body.message,
        'This request has already been answered: Accepted.',
      );

      const expiring = await booked();
      s.clock.advance(s.app.ctx.config.requestExpiryMs + 60_000);
      await sweepJobs(s.app.ctx);
      assert.equal(await statusOf(expiring.id), 'Expired');
      const late = await patch(provider, expiring.id, 'Accepted');
      assert.equal(late.status, 409);
      assert.equal(late.body.message, 'This request expired before it was answered.');
    });

    test('a rating reaches every open screen of the booking; rating it in two tabs at once stores one', async () => {
      const job = await booked();
      assert.equal((await patch(provider, job.id, 'Accepted')).status, 200);
      assert.equal((await patch(provider, job.id, 'Completed')).status, 200);
      const rate = (rating: number) => s.req('POST', '/ratings', { token: customer.token, json: { job_id: job.id, rating } });
      const answers = await Promise.all([rate(4), rate(5)]);
      assert.deepEqual(statuses(answers), [201, 409]);
      assert.equal(answers.find((a) => a.status === 409)!.body.message, 'This job has already been rated.');
      const rows = await s.app.ctx.db.selectFrom('ratings').select('rating').where('job_id', '=', job.id).execute();
      assert.equal(rows.length, 1);
      for (const party of [customer, provider]) {
        const live = await s.publisher.waitFor(
          (e) => e.event === 'Job' && e.userId === party.id && e.data.id === job.id && e.data.rating != null,
        );
        assert.equal(live.data.rating, rows[0].rating);
      }
    });
  });
}
