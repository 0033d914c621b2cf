/**
 * Issue 13 on the API: refund on reject, the customer's cancel, expiry of unanswered requests (with the
 * injectable clock), the booking e-mails and their opt-out, the payment history, and idempotency of
 * charges and refunds. Runs on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Job, PaymentRecord } from 'shared/src/contracts/entities';
import { sweepJobs } from '../src/services/jobSweeper.js';
import { KEY_REUSED_MESSAGE, SandboxGateway } from '../src/services/payments.js';
import { CANCEL_ACCEPTED_MESSAGE } from '../src/domain/jobTransitions.js';
import { DIALECTS, addCard, bookingBody, signUp, startWithParties, type TestServer, type TestUser } from './helpers.js';

const HOUR = 60 * 60 * 1000;

for (const dialect of DIALECTS) {
  describe(`cancellation, refunds, expiry, e-mails and payment history (${dialect})`, () => {
    let s: TestServer;
    let serviceId: number;
    let customer: TestUser;
    let otherCustomer: TestUser;
    let provider: TestUser;
    let card: { id: number };

    before(async () => {
      ({ s, serviceId, customer, otherCustomer, provider } = await startWithParties(dialect, 40));
      card = await addCard(s, customer);
    });
    after(() => s.close());

    const ledger = () => (s.app.ctx.payments as SandboxGateway).ledger;
    /**
     * The next charge goes through, then the booking's transaction fails (a lost database connection):
     * the booking is rolled back, the processor keeps the charge. Answers the function that undoes it.
     */
    const failSaveAfterNextCharge = () => {
      const gateway = s.app.ctx.payments as SandboxGateway;
      const charge = gateway.charge.bind(gateway);
      let failNext = true;
      gateway.charge = async (input, db) => {
        const result = await charge(input, db);
        if (failNext) {
          failNext = false;
          throw new Error('the database connection was lost after the charge');
        }
        return result;
      };
      return () => {
        gateway.charge = charge;
      };
    };
    const book = async (headers?: Record<string, string>) => {
      s.clock.advance(1000);
      const res = await s.req<{ data: Job }>('POST', '/api/jobs', {
        token: customer.token,
        json: bookingBody(provider.id, serviceId, card.id),
        headers,
      });
      assert.ok(res.status === 201 || res.status === 200, JSON.stringify(res.body));
      return res.body.data;
    };
    const patch = (user: TestUser, id: number, status: string) =>
      s.req('PATCH', `/api/jobs/${id}`, { token: user.token, json: { status } });
    const jobOf = async (id: number) =>
      (await s.req<{ data: Job }>('GET', `/api/jobs/${id}`, { token: customer.token })).body.data;
    const refundsOf = (jobId: number) => s.app.ctx.db.selectFrom('refunds').selectAll().where('job_id', '=', jobId).execute();
    const chargeRefOf = async (jobId: number) =>
      (await s.app.ctx.db.selectFrom('payments').select('processor_ref').where('job_id', '=', jobId).executeTakeFirstOrThrow())
        .processor_ref;
    const processorRefundsFor = (chargeRef: string) =>
      ledger()
        .all()
        .filter((e) => e.kind === 'refund' && e.charge_ref === chargeRef);
    const mailTo = async (user: TestUser, subject: RegExp) =>
      (
        await s.app.ctx.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', user.email.toLowerCase()).execute()
      ).filter((m) => subject.test(m.subject));

    test('a booking e-mails the provider the request and the customer a receipt, text and HTML', async () => {
      const job = await book();
      const [request] = await mailTo(provider, new RegExp(`^New booking request #${job.id}:`));
      assert.ok(request, 'the provider is told of the request');
      assert.match(request.text, /Cara Test has requested a .+ booking/);
      assert.match(request.html ?? '', /<p>Hello Pete Test,<\/p>/);
      const [receipt] = await mailTo(customer, new RegExp(`^Receipt: 10\\.00 INR for booking #${job.id}$`));
      assert.ok(receipt, 'the customer gets a receipt');
      assert.match(receipt.text, /We charged 10\.00 INR to Visa •••• 4242/);
      // A date as people read it, not a raw timestamp.
      assert.match(receipt.text, /Date: [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M UTC/);
    });

    test('the booking e-mails say the day and time the customer asked for, as typed (the time written from its digits)', async () => {
      s.clock.advance(1000);
      // 02:30 on the day clocks go forward in the United States: a time of day is written, never read as an instant.
      const res = await s.req<{ data: Job }>('POST', '/api/jobs', {
        token: customer.token,
        json: bookingBody(provider.id, serviceId, card.id, {
          day: '2099-03',
          date: '2099-03-08',
          time: '02:30',
          custom_time: 'before dawn',
        }),
      });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      const job = res.body.data;
      const asked = 'Requested for: March 8th 2099, 2:30 am, before dawn';
      const [request] = await mailTo(provider, new RegExp(`^New booking request #${job.id}:`));
      assert.ok(request.text.split('\n').includes(asked), request.text);
      assert.ok(request.html?.includes(`<p>${asked}</p>`), request.html ?? '');
      const [receipt] = await mailTo(customer, new RegExp(`^Receipt: 10\\.00 INR for booking #${job.id}$`));
      assert.ok(receipt.text.split('\n').includes(asked), receipt.text);
      assert.equal((await patch(provider, job.id, 'Accepted')).status, 200);
      const [accepted] = await mailTo(customer, new RegExp(`^Your booking #${job.id} was accepted$`));
      assert.ok(accepted.text.split('\n').includes(asked), accepted.text);

      // Only a month, no time: the month alone; nothing asked: no line at all.
      s.clock.advance(1000);
      const monthOnly = await s.req<{ data: Job }>('POST', '/api/jobs', {
        token: customer.token,
        json: bookingBody(provider.id, serviceId, card.id, { day: '2099-07', date: null, time: null, custom_time: null }),
      });
      assert.equal(monthOnly.status, 201, JSON.stringify(monthOnly.body));
      const [monthMail] = await mailTo(provider, new RegExp(`^New booking request #${monthOnly.body.data.id}:`));
      assert.ok(monthMail.text.split('\n').includes('Requested for: July 2099'), monthMail.text);
      s.clock.advance(1000);
      const none = await s.req<{ data: Job }>('POST', '/api/jobs', {
        token: customer.token,
        json: bookingBody(provider.id, serviceId, card.id, { day: null, date: null, time: null, custom_time: null }),
      });
      assert.equal(none.status, 201, JSON.stringify(none.body));
      const [noneMail] = await mailTo(provider, new RegExp(`^New booking request #${none.body.data.id}:`));
      assert.ok(!noneMail.text.includes('Requested for'), noneMail.text);
    });

    test("the receipts write their times in the customer's time zone sent with the booking; an unknown zone is refused", async () => {
      const MONTHS = [
        'January',
        'February',
        'March',
        'April',
        'May',
        'June',
        'July',
        'August',
        'September',
        'October',
        'November',
        'December',
      ];
      /** 'June 15, 2025 at 5:30 PM': the clock's moment shifted by hand to a zone `offsetMinutes` from UTC. */
      const writtenAt = (offsetMinutes: number) => {
        const t = new Date(s.clock.now().getTime() + offsetMinutes * 60_000);
        const hour = t.getUTCHours() % 12 || 12;
        const minutes = String(t.getUTCMinutes()).padStart(2, '0');
        return `${MONTHS[t.getUTCMonth()]} ${t.getUTCDate()}, ${t.getUTCFullYear()} at ${hour}:${minutes} ${t.getUTCHours() < 12 ? 'AM' : 'PM'}`;
      };
      s.clock.advance(1000);
      const res = await s.req<{ data: Job }>('POST', '/api/jobs', {
        token: customer.token,
        json: bookingBody(provider.id, serviceId, card.id, { time_zone: 'Asia/Kolkata' }),
      });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      const job = res.body.data;
      const [receipt] = await mailTo(customer, new RegExp(`^Receipt: 10\\.00 INR for booking #${job.id}$`));
      assert.ok(receipt.text.split('\n').includes(`Date: ${writtenAt(5 * 60 + 30)} India Standard Time`), receipt.text);
      // The refund's receipt too, at the moment of the refund.
      s.clock.advance(2 * 60 * 1000);
      assert.equal((await patch(provider, job.id, 'Rejected')).status, 200);
      const [refund] = await mailTo(customer, new RegExp(`^Refund: 10\\.00 INR for booking #${job.id}$`));
      assert.ok(refund, 'the refund receipt is sent');
      assert.ok(refund.text.split('\n').includes(`Date: ${writtenAt(5 * 60 + 30)} India Standard Time`), refund.text);
      // Without a zone (an older app): UTC, said so.
      const plain = await book();
      const [plainReceipt] = await mailTo(customer, new RegExp(`^Receipt: 10\\.00 INR for booking #${plain.id}$`));
      assert.ok(plainReceipt.text.split('\n').includes(`Date: ${writtenAt(0)} UTC`), plainReceipt.text);

      // A zone no clock knows: a 400 at the field, nothing booked or charged.
      const jobsBefore = await s.app.ctx.db.selectFrom('jobs').select('id').execute();
      const chargesBefore = ledger().all().length;
      const bad = await s.req('POST', '/api/jobs', {
        token: customer.token,
        json: bookingBody(provider.id, serviceId, card.id, { time_zone: 'Mars/Olympus_Mons' }),
      });
      assert.equal(bad.status, 400);
      assert.deepEqual(bad.body.errors.time_zone, ['The time zone must be a time zone name such as Asia/Kolkata.']);
      assert.equal((await s.app.ctx.db.selectFrom('jobs').select('id').execute()).length, jobsBefore.length);
      assert.equal(ledger().all().length, chargesBefore);
    });

    test('reject refunds the booking payment once, through the processor, and says so to the customer', async () => {
      const job = await book();
      const res = await patch(provider, job.id, 'Rejected');
      assert.equal(res.status, 200);
      const [refund] = await refundsOf(job.id);
      assert.equal(refund.status, 'succeeded');
      assert.equal(refund.amount_cents, 1000);
      assert.equal(refund.reason, 'Rejected');
      assert.equal(refund.idempotency_key, `refund:job:${job.id}`);
      assert.equal(processorRefundsFor(await chargeRefOf(job.id)).length, 1);
      const seen = await jobOf(job.id);
      assert.equal(seen.status, 'Rejected');
      assert.equal(seen.refunded, true);
      const live = await s.publisher.waitFor(
        (e) => e.event === 'Job' && e.userId === customer.id && e.data.id === job.id && e.data.refunded === true,
      );
      assert.equal(live.data.status, 'Rejected');
      assert.equal((await mailTo(customer, new RegExp(`^Your booking #${job.id} was rejected$`))).length, 1);
      assert.equal((await mailTo(customer, new RegExp(`^Refund: 10\\.00 INR for booking #${job.id}$`))).length, 1);
      const note = await s.publisher.waitFor(
        (e) => e.event === 'Notification' && e.userId === customer.id && e.data.job_id === job.id,
      );
      assert.match(
        note.data.description ?? '',
        /rejected your booking request\. Your 10\.00 INR booking payment has been refunded\./,
      );
    });

    test('the customer cancels a Pending booking: Cancelled, refunded, the provider told live; an Accepted one is 409', async () => {
      const job = await book();
      assert.equal((await patch(otherCustomer, job.id, 'Cancelled')).status, 403);
      assert.equal((await patch(provider, job.id, 'Cancelled')).status, 403);
      const res = await patch(customer, job.id, 'Cancelled');
      assert.equal(res.status, 200);
      assert.equal(res.body.message, 'Booking cancelled successfully');
      assert.equal(res.body.data.find((j: Job) => j.id === job.id).status, 'Cancelled');
      assert.equal((await refundsOf(job.id))[0].status, 'succeeded');
      assert.equal((await jobOf(job.id)).refunded, true);
      await s.publisher.waitFor(
        (e) => e.event === 'Job' && e.userId === provider.id && e.data.id === job.id && e.data.status === 'Cancelled',
      );
      const note = await s.publisher.waitFor(
        (e) =>
          e.event === 'Notification' &&
          e.userId === provider.id &&
          e.data.job_id === job.id &&
          /cancelled/.test(e.data.description ?? ''),
      );
      assert.match(note.data.description ?? '', /^Cara Test cancelled their .+ booking request\.$/);
      assert.equal((await mailTo(provider, new RegExp(`^Booking request #${job.id} was cancelled$`))).length, 1);
      // Cancelling twice changes nothing and refunds nothing more.
      assert.equal((await patch(customer, job.id, 'Cancelled')).status, 409);
      assert.equal(processorRefundsFor(await chargeRefOf(job.id)).length, 1);

      const accepted = await book();
      assert.equal((await patch(provider, accepted.id, 'Accepted')).status, 200);
      const refused = await patch(customer, accepted.id, 'Cancelled');
      assert.equal(refused.status, 409);
      assert.equal(refused.body.message, CANCEL_ACCEPTED_MESSAGE);
      assert.equal((await jobOf(accepted.id)).status, 'Accepted');
      assert.equal((await refundsOf(accepted.id)).length, 0);
    });

    test('an unanswered request expires after the configured time, is refunded once, even when the sweep runs late or twice', async () => {
      const early = await book();
      s.clock.advance(23 * HOUR);
      const late = await book();
      assert.deepEqual(await sweepJobs(s.app.ctx), {
        expired: 0,
        refundsSettled: 0,
        orphanChargesRefunded: 0,
        unusedCardTokensDeleted: 0,
        staleBookingAttemptsDropped: 0,
      });
      assert.equal((await jobOf(early.id)).status, 'Pending');

      // The API was "down" at the deadline: the first pass after it catches up on everything overdue.
      s.clock.advance(30 * HOUR);
      const [a, b] = await Promise.all([sweepJobs(s.app.ctx), sweepJobs(s.app.ctx)]);
      assert.ok(a.expired + b.expired >= 2);
      for (const job of [early, late]) {
        const seen = await jobOf(job.id);
        assert.equal(seen.status, 'Expired');
        assert.equal(seen.refunded, true);
        const refunds = await refundsOf(job.id);
        assert.equal(refunds.length, 1);
        assert.equal(refunds[0].reason, 'Expired');
        assert.equal(processorRefundsFor(await chargeRefOf(job.id)).length, 1, 'refunded exactly once');
        assert.equal((await mailTo(customer, new RegExp(`^Your booking request #${job.id} expired$`))).length, 1);
      }
      assert.equal((await sweepJobs(s.app.ctx)).expired, 0);
      // An Accepted job never expires.
      const taken = await book();
      assert.equal((await patch(provider, taken.id, 'Accepted')).status, 200);
      s.clock.advance(48 * HOUR);
      await sweepJobs(s.app.ctx);
      assert.equal((await jobOf(taken.id)).status, 'Accepted');
      assert.equal((await patch(provider, taken.id, 'Completed')).status, 200);
      const [done] = await mailTo(customer, new RegExp(`^Your booking #${taken.id} is finished: rate your ride$`));
      assert.match(done.text, new RegExp(`/bookingfinished\\?job=${taken.id}`));
    });

    test('a request moved back to Waiting for Approval gets the whole answer time again, counted from then', async () => {
      const job = await book();
      assert.equal((await patch(provider, job.id, 'Accepted')).status, 200);
      s.clock.advance(30 * HOUR);
      assert.equal((await patch(provider, job.id, 'Pending')).status, 200);
      await sweepJobs(s.app.ctx);
      assert.equal(
        (await jobOf(job.id)).status,
        'Pending',
        'not expired at once: it was booked 30 hours ago but waits only since now',
      );
      assert.equal((await refundsOf(job.id)).length, 0);

      s.clock.advance(23 * HOUR);
      await sweepJobs(s.app.ctx);
      assert.equal((await jobOf(job.id)).status, 'Pending');
      s.clock.advance(2 * HOUR);
      await sweepJobs(s.app.ctx);
      assert.equal((await jobOf(job.id)).status, 'Expired');
      assert.equal((await refundsOf(job.id)).length, 1);
    });

    test('a refund the processor could not make stays pending, shows as pending, and the next sweep finishes it', async () => {
      const job = await book();
      const gateway = s.app.ctx.payments as SandboxGateway;
      const realRefund = gateway.refund.bind(gateway);
      gateway.refund = () => Promise.reject(new Error('processor unavailable'));
      try {
        assert.equal((await patch(provider, job.id, 'Rejected')).status, 200);
      } finally {
        gateway.refund = realRefund;
      }
      assert.equal((await refundsOf(job.id))[0].status, 'pending');
      assert.equal((await jobOf(job.id)).refunded, true);
      const history = await s.req<{ data: PaymentRecord[] }>('GET', '/api/payments', { token: customer.token });
      assert.equal(history.body.data.find((r) => r.kind === 'refund' && r.job_id === job.id)?.status, 'pending');
      assert.equal((await sweepJobs(s.app.ctx)).refundsSettled, 1);
      assert.equal((await refundsOf(job.id))[0].status, 'succeeded');
      assert.equal(processorRefundsFor(await chargeRefOf(job.id)).length, 1);
    });

    test('a charge from before the processor kept books (demo data, older databases) is still refunded', async () => {
      const job = await book();
      await s.app.ctx.db
        .updateTable('payments')
        .set({ processor_ref: `ch_legacy_${job.id}` })
        .where('job_id', '=', job.id)
        .execute();
      assert.equal((await patch(provider, job.id, 'Rejected')).status, 200);
      assert.equal((await refundsOf(job.id))[0].status, 'succeeded');
      assert.equal(processorRefundsFor(`ch_legacy_${job.id}`).length, 1);
    });

    test('the same Idempotency-Key books and charges once; a malformed key is a 400', async () => {
      const key = `retry-${Date.now()}`;
      const first = await book({ 'Idempotency-Key': key });
      const second = await book({ 'Idempotency-Key': key });
      assert.equal(second.id, first.id);
      const charges = ledger()
        .all()
        .filter((e) => e.kind === 'charge' && e.idempotency_key === `charge:${customer.id}:${key}`);
      assert.equal(charges.length, 1);
      const bad = await s.req('POST', '/api/jobs', {
        token: customer.token,
        json: bookingBody(provider.id, serviceId, card.id),
        headers: { 'Idempotency-Key': 'no spaces allowed' },
      });
      assert.equal(bad.status, 400);
    });

    test('a booking whose save failed after its charge, sent again with its key, is booked on that one charge', async () => {
      const restore = failSaveAfterNextCharge();
      try {
        const key = `saved-after-charge-${Date.now()}`;
        const send = () =>
          s.req<{ data: Job }>('POST', '/api/jobs', {
            token: customer.token,
            json: bookingBody(provider.id, serviceId, card.id),
            headers: { 'Idempotency-Key': key },
          });
        const failed = await send();
        assert.ok(failed.status >= 500, JSON.stringify(failed.body));
        const retried = await send();
        assert.equal(retried.status, 201, JSON.stringify(retried.body));
        const charges = ledger()
          .all()
          .filter((e) => e.kind === 'charge' && e.idempotency_key === `charge:${customer.id}:${key}`);
        assert.equal(charges.length, 1);
        assert.equal(await chargeRefOf(retried.body.data.id), charges[0].processor_ref);
      } finally {
        restore();
      }
    });

    test('sent again with its key but another card after its save failed once charged: refused as a decline (a new key books), nothing charged twice', async () => {
      const buyer = await signUp(s, 'Customer');
      const [firstCard, otherCard] = [await addCard(s, buyer), await addCard(s, buyer, '5555555555554444')];
      const restore = failSaveAfterNextCharge();
      try {
        const key = `other-card-${Date.now()}`;
        const send = (cardId: number, idempotencyKey: string) =>
          s.req<{ data: Job; message: string }>('POST', '/api/jobs', {
            token: buyer.token,
            json: bookingBody(provider.id, serviceId, cardId),
            headers: { 'Idempotency-Key': idempotencyKey },
          });
        assert.ok((await send(firstCard.id, key)).status >= 500);
        const withOtherCard = await send(otherCard.id, key);
        assert.equal(withOtherCard.status, 402, JSON.stringify(withOtherCard.body));
        assert.equal(withOtherCard.body.message, KEY_REUSED_MESSAGE);
        const chargesOf = (k: string) =>
          ledger()
            .all()
            .filter((e) => e.kind === 'charge' && e.idempotency_key === `charge:${buyer.id}:${k}`);
        assert.equal(chargesOf(key).length, 1);
        // The next Submit & Pay goes with a new key: booked on the other card.
        const fresh = await send(otherCard.id, `${key}-again`);
        assert.equal(fresh.status, 201, JSON.stringify(fresh.body));
        assert.equal(chargesOf(`${key}-again`).length, 1);
        // The first charge booked nothing: refunded once its grace period is over, as the message says.
        s.clock.advance(s.app.ctx.config.orphanChargeGraceMs + 1000);
        assert.equal((await sweepJobs(s.app.ctx)).orphanChargesRefunded, 1);
        assert.equal(processorRefundsFor(chargesOf(key)[0].processor_ref).length, 1);
      } finally {
        restore();
      }
    });

    test('the same Idempotency-Key sent again with other choices (edited after a lost answer) books and charges nothing more, and says so', async () => {
      const key = `edited-${Date.now()}`;
      const first = await book({ 'Idempotency-Key': key });
      const jobsBefore = await s.app.ctx.db.selectFrom('jobs').select('id').execute();
      const sendAgain = (extra: Record<string, unknown>) =>
        s.req<{ message: string; data?: Job; errors?: Record<string, string[]> }>('POST', '/api/jobs', {
          token: customer.token,
          json: bookingBody(provider.id, serviceId, card.id, extra),
          headers: { 'Idempotency-Key': key },
        });
      const edited = await sendAgain({ destination_address: '9 Other Road' });
      assert.equal(edited.status, 409, JSON.stringify(edited.body));
      const wentThrough =
        'Your earlier Submit & Pay went through with the details sent then. See it in Active Bookings before booking again.';
      assert.equal(edited.body.message, wentThrough);
      // Named by the key's field, so that the form can lead to Active Bookings.
      assert.deepEqual(edited.body.errors, { idempotency_key: [wentThrough] });
      assert.equal((await sendAgain({ time: '11:00' })).status, 409);
      // The same choices with another CVV typed again, spaces around the address and another time zone: the same booking.
      const retried = await sendAgain({ cvv: '9876', address: ' 1 Pick Street ', time_zone: 'Asia/Kolkata' });
      assert.equal(retried.status, 200);
      assert.equal(retried.body.data?.id, first.id);
      assert.equal((await jobOf(first.id)).destination_address, '2 Drop Avenue');
      assert.equal((await s.app.ctx.db.selectFrom('jobs').select('id').execute()).length, jobsBefore.length);
      const charges = ledger()
        .all()
        .filter((e) => e.kind === 'charge' && e.idempotency_key === `charge:${customer.id}:${key}`);
      assert.equal(charges.length, 1);
    });

    test('a retry whose answer comes after the booked day has passed still gets its booking, not a refusal', async () => {
      const key = `late-retry-${Date.now()}`;
      // Half an hour from now (UTC), and the answer to the retry an hour from now, when that time has passed.
      const at = new Date(s.clock.now().getTime() + 30 * 60 * 1000).toISOString();
      const json = bookingBody(provider.id, serviceId, card.id, {
        day: at.slice(0, 7),
        date: at.slice(0, 10),
        time: at.slice(11, 16),
        time_zone: 'UTC',
      });
      const send = () =>
        s.req<{ data: Job }>('POST', '/api/jobs', { token: customer.token, json, headers: { 'Idempotency-Key': key } });
      const first = await send();
      assert.equal(first.status, 201, JSON.stringify(first.body));
      s.clock.advance(60 * 60 * 1000);
      const retried = await send();
      assert.equal(retried.status, 200, JSON.stringify(retried.body));
      assert.equal(retried.body.data.id, first.body.data.id);
    });

    test('a processor charge with no booking behind it (a crash before commit) is refunded after its grace period', async () => {
      const gateway = s.app.ctx.payments as SandboxGateway;
      const cardRow = await s.app.ctx.db
        .selectFrom('payment_methods')
        .selectAll()
        .where('id', '=', card.id)
        .executeTakeFirstOrThrow();
      const user = await s.app.ctx.db.selectFrom('users').selectAll().where('id', '=', customer.id).executeTakeFirstOrThrow();
      const charged = await gateway.charge(
        {
          amountCents: 1000,
          currency: 'inr',
          user,
          card: cardRow,
          cvv: '123',
          description: 'lost',
          idempotencyKey: 'charge:orphan-test',
        },
        s.app.ctx.db,
      );
      assert.ok(charged.ok);
      assert.equal((await sweepJobs(s.app.ctx)).orphanChargesRefunded, 0, 'not within its grace period');
      s.clock.advance(s.app.ctx.config.orphanChargeGraceMs + 1000);
      assert.equal((await sweepJobs(s.app.ctx)).orphanChargesRefunded, 1);
      assert.equal((await sweepJobs(s.app.ctx)).orphanChargesRefunded, 0, 'and only once');
      assert.equal(processorRefundsFor(charged.processorRef).length, 1);
    });

    test('the payment history lists charges and refunds newest first, page by page; providers have none', async () => {
      const res = await s.req<{ data: PaymentRecord[]; meta: { has_more: boolean } }>('GET', '/api/payments?per_page=100', {
        token: customer.token,
      });
      assert.equal(res.status, 200);
      const rows = res.body.data;
      const charges = rows.filter((r) => r.kind === 'charge');
      const refunds = rows.filter((r) => r.kind === 'refund');
      const bookings = await s.app.ctx.db.selectFrom('payments').select('id').where('user_id', '=', customer.id).execute();
      assert.equal(charges.length, bookings.length);
      assert.ok(refunds.length >= 4);
      for (const r of rows) {
        assert.equal(r.amount, 10);
        assert.equal(r.currency, 'INR');
        assert.equal(r.card_last4, '4242');
        assert.equal(r.card_brand, 'Visa');
        assert.ok(r.service_name.length > 0);
      }
      const times = rows.map((r) => r.created_at);
      assert.deepEqual(times, [...times].sort().reverse(), 'newest first');
      assert.equal(new Set(rows.map((r) => r.id)).size, rows.length, 'line ids are unique');

      const page1 = await s.req('GET', '/api/payments?per_page=2&page=1', { token: customer.token });
      const page2 = await s.req('GET', '/api/payments?per_page=2&page=2', { token: customer.token });
      assert.equal(page1.body.meta.has_more, true);
      assert.deepEqual(
        [...page1.body.data, ...page2.body.data].map((r: PaymentRecord) => r.id),
        rows.slice(0, 4).map((r) => r.id),
      );
      assert.equal((await s.req('GET', '/api/payments', { token: provider.token })).status, 403);
      assert.equal((await s.req('GET', '/api/payments', { token: otherCustomer.token })).body.data.length, 0);
      assert.equal((await s.req('GET', '/api/payments?per_page=0', { token: customer.token })).status, 400);
    });

    test('the history and the refund receipt keep the card brand and last four after the card is removed', async () => {
      const c = await signUp(s, 'Customer');
      const mastercard = await addCard(s, c, '5555555555554444');
      const booked = [];
      for (let i = 0; i < 2; i++) {
        s.clock.advance(1000);
        const res = await s.req<{ data: Job }>('POST', '/api/jobs', {
          token: c.token,
          json: bookingBody(provider.id, serviceId, mastercard.id),
        });
        assert.equal(res.status, 201);
        booked.push(res.body.data);
      }
      assert.equal((await s.req('DELETE', `/api/payment-methods/${mastercard.id}`, { token: c.token })).status, 200);
      s.clock.advance(1000);
      assert.equal((await patch(provider, booked[0].id, 'Rejected')).status, 200);
      assert.equal((await patch(c, booked[1].id, 'Cancelled')).status, 200);

      const history = await s.req<{ data: PaymentRecord[] }>('GET', '/api/payments', { token: c.token });
      assert.equal(history.status, 200);
      assert.deepEqual(
        history.body.data.map((r) => [r.kind, r.job_id, r.card_brand, r.card_last4]).sort(),
        [
          ['charge', booked[0].id, 'MasterCard', '4444'],
          ['charge', booked[1].id, 'MasterCard', '4444'],
          ['refund', booked[0].id, 'MasterCard', '4444'],
          ['refund', booked[1].id, 'MasterCard', '4444'],
        ].sort(),
      );
      const [refundMail] = await mailTo(c, new RegExp(`^Refund: 10\\.00 INR for booking #${booked[0].id}$`));
      assert.ok(refundMail, 'the refund receipt is sent');
      assert.match(refundMail.text, /MasterCard •••• 4444/);
    });

    test('a user who turns the e-mails off on Edit Profile gets none', async () => {
      const form = new FormData();
      form.set('email_notifications', 'false');
      const res = await s.req('POST', '/api/auth/update-profile', { token: provider.token, form });
      assert.equal(res.status, 200);
      assert.equal(res.body.data.email_notifications, false);
      assert.equal((await s.req('GET', '/api/auth/me', { token: provider.token })).body.data.email_notifications, false);
      const job = await book();
      assert.equal((await mailTo(provider, new RegExp(`#${job.id}`))).length, 0);
      assert.equal((await mailTo(customer, new RegExp(`#${job.id}`))).length, 1, 'the customer still gets the receipt');
      const bad = new FormData();
      bad.set('email_notifications', 'maybe');
      assert.equal((await s.req('POST', '/api/auth/update-profile', { token: provider.token, form: bad })).status, 400);
      const on = new FormData();
      on.set('email_notifications', 'true');
      assert.equal(
        (await s.req('POST', '/api/auth/update-profile', { token: provider.token, form: on })).body.data.email_notifications,
        true,
      );
    });
  });
}
