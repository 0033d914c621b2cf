import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { JOB_STATUSES, canTransition, transitionRefusal } from '../src/domain/jobTransitions.js';
import type { JobStatus } from '../src/db/schema.js';
import type { AppNotification, Job } from 'shared/src/contracts/entities';
import {
  DECLINED_CARD,
  DIALECTS,
  addCard,
  bookingBody,
  signUp,
  startWithParties,
  type TestServer,
  type TestUser,
} from './helpers.js';

for (const dialect of DIALECTS) {
  describe(`jobs (${dialect})`, () => {
    let s: TestServer;
    let serviceId: number;
    let customer: TestUser;
    let otherCustomer: TestUser;
    let provider: TestUser;
    let otherProvider: TestUser;
    let card: { id: number };
    let otherCard: { id: number };

    before(async () => {
      ({ s, serviceId, customer, otherCustomer, provider, otherProvider } = await startWithParties(dialect, 40));
      card = await addCard(s, customer);
      otherCard = await addCard(s, otherCustomer);
    });
    after(() => s.close());

    const book = (user: TestUser = customer, over: Record<string, unknown> = {}, pm = card.id, prov = provider.id) =>
      s.req('POST', '/api/jobs', { token: user.token, json: bookingBody(prov, serviceId, pm, over) });
    const count = async (table: 'jobs' | 'payments' | 'notifications') =>
      Number(
        (
          await s.app.ctx.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    const setStatus = (id: number, status: JobStatus) =>
      s.app.ctx.db.updateTable('jobs').set({ status }).where('id', '=', id).execute();

    describe('POST /api/jobs', () => {
      test('charges 10.00 INR, creates the Pending job at the provider price and notifies the provider live', async () => {
        const res = await book();
        assert.equal(res.status, 201);
        const job = res.body.data;
        assert.equal(job.status, 'Pending');
        assert.equal(job.price, 25);
        assert.equal(job.service_id, serviceId);
        assert.equal(typeof job.service_name, 'string');
        assert.ok(job.service_name.length > 0);
        assert.equal(job.customer_id, customer.id);
        assert.equal(job.provider_id, provider.id);
        assert.deepEqual(job.customer, { id: customer.id, full_name: 'Cara Test', first_name: 'Cara', avatar: null });
        assert.equal(job.provider.id, provider.id);
        assert.equal(job.provider.full_name, 'Pete Test');
        assert.equal(job.address, '1 Pick Street');
        assert.equal(job.destination_address, '2 Drop Avenue');
        assert.equal(job.day, '2099-06');
        assert.equal(job.date, '2099-06-20');
        assert.equal(job.time, '10:30');
        assert.equal(job.custom_time, 'after lunch');
        assert.equal(job.rating, null);
        assert.equal(job.created_at, s.clock.now().toISOString());

        const payment = await s.app.ctx.db
          .selectFrom('payments')
          .selectAll()
          .where('job_id', '=', job.id)
          .executeTakeFirstOrThrow();
        assert.equal(payment.amount_cents, 1000);
        assert.equal(payment.currency, 'inr');
        assert.equal(payment.status, 'succeeded');
        assert.match(payment.processor_ref, /^ch_/);

        const live = await s.publisher.waitFor(
          (e) => e.event === 'Notification' && e.userId === provider.id && e.data.job_id === job.id,
        );
        assert.equal(live.data.title, 'Job');
        assert.deepEqual(live.data.user, { id: customer.id, avatar: null, full_name: 'Cara Test' });
        const list = await s.req('GET', '/api/notifications', { token: provider.token });
        assert.ok(list.body.data.some((n: AppNotification) => n.id === live.data.id && n.title === 'Job' && n.read === false));
        // Both parties' open screens get the new job itself, live.
        for (const party of [provider, customer]) {
          const jobEvent = await s.publisher.waitFor((e) => e.event === 'Job' && e.userId === party.id && e.data.id === job.id);
          assert.deepEqual(jobEvent.data, job);
        }
      });

      test('a declined payment creates nothing (402)', async () => {
        const declined = await addCard(s, customer, DECLINED_CARD);
        assert.equal(declined.card_last4, '0002');
        const before = await Promise.all([count('jobs'), count('payments'), count('notifications')]);
        const res = await book(customer, {}, declined.id);
        assert.equal(res.status, 402);
        assert.equal(res.body.message, 'Your card was declined.');
        assert.deepEqual(await Promise.all([count('jobs'), count('payments'), count('notifications')]), before);
      });

      test('a card that expired since it was saved is declined too', async () => {
        // The customer's card (12/2030), ten years on.
        const c = card;
        s.clock.advance(10 * 365 * 24 * 3600 * 1000);
        try {
          // Ten years on, the customer's session has expired too: sign in again.
          const again = await s.req('POST', '/api/auth/login', { json: { email: customer.email, password: customer.password } });
          assert.equal(again.status, 200);
          const res = await book({ ...customer, token: again.body.data.token }, {}, c.id);
          assert.equal(res.status, 402);
          assert.equal(res.body.message, 'Your card has expired.');
        } finally {
          s.clock.advance(-10 * 365 * 24 * 3600 * 1000);
          // That sign-in removed the customer's earlier tokens (dead ten years on): sign in again, now.
          const now = await s.req('POST', '/api/auth/login', { json: { email: customer.email, password: customer.password } });
          customer.token = now.body.data.token;
        }
      });

      test('validation: required fields, cvv and status', async () => {
        const res = await s.req('POST', '/api/jobs', { token: customer.token, json: {} });
        assert.equal(res.status, 400);
        for (const f of ['service_id', 'provider_id', 'address', 'destination_address', 'payment_method_id', 'cvv']) {
          assert.ok(res.body.errors[f], `error for ${f}`);
        }
        assert.equal((await book(customer, { cvv: '12a' })).status, 400);
        const status = await book(customer, { status: 'Accepted' });
        assert.equal(status.status, 400);
        assert.ok(status.body.errors.status);
        const blank = await book(customer, { address: '' });
        assert.deepEqual(blank.body.errors.address, ['The address field is required.']);
        const noProvider = await book(customer, {}, card.id, 999999);
        assert.equal(noProvider.status, 400);
        assert.ok(noProvider.body.errors.provider_id);
        const notAProvider = await book(customer, {}, card.id, otherCustomer.id);
        assert.equal(notAProvider.status, 400);
        const noService = await book(customer, { service_id: 999999 });
        assert.equal(noService.status, 400);
        const noCard = await book(customer, {}, 999999);
        assert.equal(noCard.status, 400);
      });

      test('an address of only whitespace or zero-width characters is missing; nothing is charged', async () => {
        const jobsBefore = await count('jobs');
        const paymentsBefore = await count('payments');
        for (const blank of ['   ', ' \t\n ', '\u200b', '\u200b\u200c\u200d', '\u2060', '\ufeff ']) {
          const pick = await book(customer, { address: blank });
          assert.equal(pick.status, 400, JSON.stringify(blank));
          assert.equal(pick.body.message, 'The address field is required.');
          assert.deepEqual(pick.body.errors, { address: ['The address field is required.'] });
          const drop = await book(customer, { destination_address: blank });
          assert.equal(drop.status, 400, JSON.stringify(blank));
          assert.equal(drop.body.message, 'The destination address field is required.');
          assert.deepEqual(drop.body.errors, { destination_address: ['The destination address field is required.'] });
        }
        assert.equal(await count('jobs'), jobsBefore);
        assert.equal(await count('payments'), paymentsBefore);
        const padded = await book(customer, { address: '  1 Pick Street ' });
        assert.equal(padded.status, 201);
        assert.equal(padded.body.data.address, '1 Pick Street');
      });

      test('a provider cannot be booked for a service they do not offer; nothing is charged', async () => {
        const shipping = await s.app.ctx.db
          .selectFrom('services')
          .select('id')
          .where('name', '=', 'Shipping')
          .executeTakeFirstOrThrow();
        const noServices = await signUp(s, 'Provider');
        const jobsBefore = await count('jobs');
        const paymentsBefore = await count('payments');
        for (const res of [await book(customer, { service_id: shipping.id }), await book(customer, {}, card.id, noServices.id)]) {
          assert.equal(res.status, 400);
          assert.equal(res.body.message, 'The selected provider does not offer this service.');
          assert.deepEqual(res.body.errors, { service_id: ['The selected provider does not offer this service.'] });
        }
        assert.equal(await count('jobs'), jobsBefore);
        assert.equal(await count('payments'), paymentsBefore);
      });

      test('ids, cards and texts of the wrong JSON type are refused, not coerced; nothing is charged', async () => {
        const paymentsBefore = await count('payments');
        for (const [field, value, message] of [
          ['service_id', true, 'The service_id must be an integer.'],
          ['service_id', [1], 'The service_id must be an integer.'],
          ['provider_id', null, 'The provider_id must be an integer.'],
          ['payment_method_id', true, 'The payment_method_id must be an integer.'],
          ['payment_method_id', { id: 1 }, 'The payment_method_id must be an integer.'],
          ['address', ['1 Pick Street'], 'The address must be a string.'],
          ['cvv', false, 'The cvv must be a string.'],
          ['lat', true, 'The lat must be a number or null.'],
        ] as const) {
          const res = await book(customer, { [field]: value });
          assert.equal(res.status, 400, `${field}: ${JSON.stringify(value)}`);
          assert.equal(res.body.message, message);
          assert.deepEqual(res.body.errors[field], [message]);
        }
        assert.equal(await count('payments'), paymentsBefore);
        // Nullable fields still take null.
        assert.equal((await book(customer, { lat: null, day: null })).status, 201);
      });

      test('when: the formats of the month, date and time inputs, and nothing in the past; nothing is charged', async () => {
        // The test clock is 2025-06-15 12:00 UTC; a customer's day may be one behind it (UTC-12).
        const refused = async (over: Record<string, unknown>, field: string, message: string) => {
          const res = await book(customer, over);
          assert.equal(res.status, 400, JSON.stringify(over));
          assert.deepEqual(res.body.errors[field], [message], JSON.stringify(over));
        };
        const jobsBefore = await count('jobs');
        const paymentsBefore = await count('payments');
        await refused({ date: '20/06/2025' }, 'date', 'The date must be a date (YYYY-MM-DD).');
        await refused({ date: '2025-02-30', day: null }, 'date', 'The date must be a date (YYYY-MM-DD).');
        await refused({ day: '2025-13' }, 'day', 'The day must be a month (YYYY-MM).');
        await refused({ time: '25:00' }, 'time', 'The time must be a time of day (HH:MM).');
        await refused({ day: '2025-05', date: null }, 'day', 'The month may not be in the past.');
        await refused({ day: null, date: '2025-06-13' }, 'date', 'The date may not be in the past.');
        await refused({ day: '2025-05', date: '2025-05-20' }, 'date', 'The date may not be in the past.');
        await refused({ day: '2025-07', date: '2025-06-20' }, 'date', 'The date is not in the month selected.');
        assert.equal(await count('jobs'), jobsBefore);
        assert.equal(await count('payments'), paymentsBefore);
        // The day before the server's date is still someone's today; no date at all is fine too.
        assert.equal((await book(customer, { day: '2025-06', date: '2025-06-14' })).status, 201);
        assert.equal((await book(customer, { day: null, date: null, time: null })).status, 201);
      });

      test("when, in the customer's time zone: their own day, and no time of today already gone", async () => {
        // The test clock is 2025-06-15 12:00 UTC: 5:30 pm in Kolkata, 5:00 am in Los Angeles.
        const answer = async (over: Record<string, unknown>) => {
          const res = await book(customer, over);
          return res.status === 201 ? 201 : `${res.status} ${JSON.stringify(res.body.errors)}`;
        };
        const refusal = (field: string, message: string) => `400 ${JSON.stringify({ [field]: [message] })}`;
        const jobsBefore = await count('jobs');
        const kolkata = { time_zone: 'Asia/Kolkata', day: '2025-06' };
        assert.equal(await answer({ ...kolkata, date: '2025-06-14' }), refusal('date', 'The date may not be in the past.'));
        assert.equal(
          await answer({ ...kolkata, date: '2025-06-15', time: '17:00' }),
          refusal('time', 'The time may not be in the past.'),
        );
        const losAngeles = { time_zone: 'America/Los_Angeles', day: '2025-06' };
        assert.equal(await answer({ ...losAngeles, date: '2025-06-14' }), refusal('date', 'The date may not be in the past.'));
        assert.equal(
          await answer({ ...losAngeles, date: '2025-06-15', time: '04:50' }),
          refusal('time', 'The time may not be in the past.'),
        );
        assert.equal(await count('jobs'), jobsBefore);
        // Later today, or a few minutes ago (the form checked the minute it was sent in), or any time of a later day.
        assert.equal(await answer({ ...kolkata, date: '2025-06-15', time: '17:26' }), 201);
        assert.equal(await answer({ ...kolkata, date: '2025-06-15', time: '23:59' }), 201);
        assert.equal(await answer({ ...losAngeles, date: '2025-06-15', time: '05:00' }), 201);
        assert.equal(await answer({ ...losAngeles, date: '2025-06-16', time: '00:00' }), 201);
        // A time with no date is not placed on a day, so it is not in the past.
        assert.equal(await answer({ ...losAngeles, date: null, time: '01:00' }), 201);
        // Unless its month has only today left: June 30th, 5:30 pm in Kolkata.
        // Five days at a time, the session used between (it ends after seven idle days).
        const fiveDays = 5 * 24 * 60 * 60 * 1000;
        let advanced = 0;
        try {
          for (let step = 0; step < 3; step++) {
            s.clock.advance(fiveDays);
            advanced += fiveDays;
            assert.equal((await s.req('GET', '/api/auth/me', { token: customer.token })).status, 200);
          }
          const jobsOnTheThirtieth = await count('jobs');
          assert.equal(
            await answer({ ...kolkata, date: null, time: '17:00' }),
            refusal('time', 'The time may not be in the past.'),
          );
          assert.equal(await count('jobs'), jobsOnTheThirtieth);
          // (Nothing is booked on the 30th: a job changed then would head the later tests' lists by last change.)
        } finally {
          s.clock.advance(-advanced);
        }
      });

      test('a provider who has not set a price is not booked (nothing at $0): 400 at provider_id, nothing charged', async () => {
        const priceless = await signUp(s, 'Provider');
        const added = await s.req('POST', '/api/user-services', { token: priceless.token, json: { service_id: serviceId } });
        assert.equal(added.status, 201);
        const jobsBefore = await count('jobs');
        const paymentsBefore = await count('payments');
        const res = await book(customer, {}, card.id, priceless.id);
        assert.equal(res.status, 400);
        assert.deepEqual(res.body.errors, { provider_id: ['This driver has not set a price yet, so they cannot be booked.'] });
        assert.equal(await count('jobs'), jobsBefore);
        assert.equal(await count('payments'), paymentsBefore);
        // Once a price is set (0 included: a free ride is a price), the driver is booked at it.
        const priced = await s.req('POST', '/api/auth/update-profile', { token: priceless.token, json: { basic_price: 0 } });
        assert.equal(priced.status, 200);
        const booked = await book(customer, {}, card.id, priceless.id);
        assert.equal(booked.status, 201);
        assert.equal(booked.body.data.price, 0);
      });

      test('a price changed since the customer saw it: 409 with the new price, nothing booked or charged; the new one books', async () => {
        const driver = await signUp(s, 'Provider');
        assert.equal(
          (await s.req('POST', '/api/user-services', { token: driver.token, json: { service_id: serviceId } })).status,
          201,
        );
        const setPrice = async (basic_price: number) =>
          assert.equal(
            (await s.req('POST', '/api/auth/update-profile', { token: driver.token, json: { basic_price } })).status,
            200,
          );
        await setPrice(25);
        await setPrice(30.5);
        const jobsBefore = await count('jobs');
        const paymentsBefore = await count('payments');
        const stale = await book(customer, { expected_price: 25 }, card.id, driver.id);
        assert.equal(stale.status, 409);
        const message = "This driver's price has changed to $30.50. Submit & Pay again to book at the new price.";
        assert.equal(stale.body.message, message);
        assert.deepEqual(stale.body.errors, { expected_price: [message] });
        assert.equal(await count('jobs'), jobsBefore);
        assert.equal(await count('payments'), paymentsBefore);
        // Down to a whole amount: no cents in the message.
        await setPrice(20);
        const again = await book(customer, { expected_price: 30.5 }, card.id, driver.id);
        assert.equal(again.body.message, "This driver's price has changed to $20. Submit & Pay again to book at the new price.");
        const booked = await book(customer, { expected_price: 20 }, card.id, driver.id);
        assert.equal(booked.status, 201);
        assert.equal(booked.body.data.price, 20);
        // Without expected_price (the spec's payload) the booking is at the price of the moment, as before.
        assert.equal((await book(customer, {}, card.id, driver.id)).status, 201);
        assert.equal((await book(customer, { expected_price: -1 }, card.id, driver.id)).status, 400);
      });

      test("authorisation: anonymous 401, providers 403, someone else's card 403", async () => {
        assert.equal((await s.req('POST', '/api/jobs', { json: bookingBody(provider.id, serviceId, card.id) })).status, 401);
        assert.equal((await book(provider)).status, 403);
        const foreign = await book(customer, {}, otherCard.id);
        assert.equal(foreign.status, 403);
      });
    });

    describe('GET /api/jobs and /api/jobs/{id}', () => {
      /** A new customer with a card and `count` bookings of the provider, a second apart; their ids, oldest first. */
      async function customerWithBookings(count: number) {
        const customer = await signUp(s, 'Customer');
        const card = await addCard(s, customer);
        const ids: number[] = [];
        for (let i = 0; i < count; i += 1) {
          s.clock.advance(1000);
          ids.push((await book(customer, {}, card.id)).body.data.id);
        }
        return { customer, ids };
      }

      test('each side sees only its own jobs, newest first, paginated', async () => {
        const { customer: c, ids } = await customerWithBookings(3);
        s.clock.advance(1000);
        await book(otherCustomer, {}, otherCard.id, otherProvider.id);

        const mine = await s.req('GET', '/api/jobs', { token: c.token });
        assert.equal(mine.status, 200);
        assert.deepEqual(
          mine.body.data.map((j: Job) => j.id),
          [...ids].reverse(),
        );
        assert.deepEqual(mine.body.meta, { page: 1, per_page: 50, has_more: false });

        const page2 = await s.req('GET', '/api/jobs?per_page=2&page=2', { token: c.token });
        assert.deepEqual(
          page2.body.data.map((j: Job) => j.id),
          [ids[0]],
        );
        assert.equal(page2.body.meta.has_more, false);
        const page1 = await s.req('GET', '/api/jobs?per_page=2', { token: c.token });
        assert.equal(page1.body.meta.has_more, true);

        const prov = await s.req('GET', '/api/jobs?per_page=100', { token: provider.token });
        assert.ok(prov.body.data.length >= 3);
        assert.ok(prov.body.data.every((j: Job) => j.provider_id === provider.id));
        const other = await s.req('GET', '/api/jobs', { token: otherProvider.token });
        assert.ok(other.body.data.every((j: Job) => j.provider_id === otherProvider.id));
        assert.ok(!other.body.data.some((j: Job) => ids.includes(j.id)));

        const pending = await s.req('GET', '/api/jobs?status=Pending', { token: c.token });
        assert.equal(pending.body.data.length, 3);
        assert.equal((await s.req('GET', '/api/jobs?per_page=1000', { token: c.token })).status, 400);
        assert.equal((await s.req('GET', '/api/jobs?status=Done', { token: c.token })).status, 400);
        assert.equal((await s.req('GET', '/api/jobs')).status, 401);
      });

      test('a status filter takes one status or several separated by commas, and nothing else', async () => {
        const { customer: c, ids } = await customerWithBookings(4);
        const [pending, accepted, rejected, cancelled] = ids;
        await setStatus(accepted, 'Accepted');
        await setStatus(rejected, 'Rejected');
        await setStatus(cancelled, 'Cancelled');
        const idsOf = async (query: string) => {
          const res = await s.req('GET', `/api/jobs${query}`, { token: c.token });
          assert.equal(res.status, 200, query);
          return res.body.data.map((j: Job) => j.id);
        };

        assert.deepEqual(await idsOf('?status=Accepted'), [accepted]);
        assert.deepEqual(await idsOf('?status=Pending,Accepted'), [accepted, pending]);
        assert.deepEqual(await idsOf('?status=Accepted,Pending,Accepted'), [accepted, pending]);
        assert.deepEqual(await idsOf('?status=Completed,Expired'), []);
        assert.deepEqual(
          await idsOf(`?status=${encodeURIComponent('Pending,Accepted,Approved,Rejected,Completed,Cancelled,Expired')}`),
          [cancelled, rejected, accepted, pending],
        );
        const paged = await s.req('GET', '/api/jobs?status=Pending,Rejected&per_page=1', { token: c.token });
        assert.deepEqual(
          paged.body.data.map((j: Job) => j.id),
          [rejected],
        );
        assert.equal(paged.body.meta.has_more, true);

        for (const bad of ['Pending,', ',Pending', 'Pending,,Accepted', 'Pending;Accepted', 'pending', 'Pending, Accepted', '']) {
          const res = await s.req('GET', `/api/jobs?status=${encodeURIComponent(bad)}`, { token: c.token });
          assert.equal(res.status, 400, bad);
          assert.equal(
            res.body.message,
            'The status must be one or more of Pending, Accepted, Approved, Rejected, Completed, Cancelled, Expired, separated by commas.',
          );
        }
      });

      test('sort=updated lists by last change: a booking finished today comes first however old it is', async () => {
        const { customer: c, ids } = await customerWithBookings(3);
        const [oldest, middle, newest] = ids;
        for (const id of [newest, middle, oldest]) {
          s.clock.advance(1000);
          assert.equal(
            (await s.req('PATCH', `/api/jobs/${id}`, { token: provider.token, json: { status: 'Rejected' } })).status,
            200,
          );
        }
        const idsOf = async (query: string, token = c.token) =>
          (await s.req('GET', `/api/jobs${query}`, { token })).body.data.map((j: Job) => j.id);
        assert.deepEqual(await idsOf('?status=Rejected'), [newest, middle, oldest]);
        assert.deepEqual(await idsOf('?status=Rejected&sort=updated'), [oldest, middle, newest]);
        assert.deepEqual(await idsOf('?status=Rejected&sort=updated&per_page=2&page=2'), [newest]);
        assert.deepEqual((await idsOf('?sort=updated&per_page=3', provider.token)).slice(0, 3), [oldest, middle, newest]);
        assert.deepEqual(await idsOf('?sort=created'), [newest, middle, oldest]);
        const bad = await s.req('GET', '/api/jobs?sort=price', { token: c.token });
        assert.equal(bad.status, 400);
        assert.equal(bad.body.message, 'The sort must be one of: created, updated.');
      });

      test('starting_after reads on after a job of the list, missing none however the list changed since', async () => {
        const { customer: c, ids } = await customerWithBookings(6);
        const [j1, j2, j3, j4, j5, j6] = ids;
        // Two bookings made in the same second: the id orders them.
        const { created_at: sameSecond } = await s.app.ctx.db
          .selectFrom('jobs')
          .select('created_at')
          .where('id', '=', j3)
          .executeTakeFirstOrThrow();
        await s.app.ctx.db
          .updateTable('jobs')
          .set({ created_at: new Date(sameSecond).toISOString() })
          .where('id', '=', j2)
          .execute();
        const pageOf = async (query: string, token = c.token) => {
          const res = await s.req('GET', `/api/jobs?status=Pending&per_page=2${query}`, { token });
          assert.equal(res.status, 200, query);
          return { ids: res.body.data.map((j: Job) => j.id), hasMore: res.body.meta.has_more };
        };

        assert.deepEqual(await pageOf(''), { ids: [j6, j5], hasMore: true });
        await setStatus(j6, 'Cancelled'); // leaves the Pending ones between two page reads
        assert.deepEqual(await pageOf('&page=2'), { ids: [j3, j2], hasMore: true }, 'by page number, j4 is skipped');
        assert.deepEqual(await pageOf(`&starting_after=${j5}`), { ids: [j4, j3], hasMore: true });
        assert.deepEqual(await pageOf(`&starting_after=${j3}`), { ids: [j2, j1], hasMore: false });
        assert.deepEqual(await pageOf(`&starting_after=${j5}&page=2`), { ids: [j2, j1], hasMore: false });
        assert.deepEqual(await pageOf(`&starting_after=${j6}`, provider.token), { ids: [j5, j4], hasMore: true });
        assert.deepEqual(await pageOf(`&starting_after=${j1}`), { ids: [], hasMore: false });

        for (const [query, token] of [
          [`starting_after=${j1}`, otherCustomer.token],
          [`starting_after=${j1}`, otherProvider.token],
          ['starting_after=999999', c.token],
          ['starting_after=0', c.token],
          ['starting_after=abc', c.token],
        ]) {
          const bad = await s.req('GET', `/api/jobs?${query}`, { token });
          assert.equal(bad.status, 400, query);
          assert.equal(bad.body.message, 'The starting_after must be the id of one of your jobs.', query);
        }
      });

      test('starting_after follows the order asked for: by last change with sort=updated', async () => {
        const { customer: c, ids } = await customerWithBookings(3);
        const [oldest, middle, newest] = ids;
        s.clock.advance(1000);
        assert.equal(
          (await s.req('PATCH', `/api/jobs/${oldest}`, { token: provider.token, json: { status: 'Accepted' } })).status,
          200,
        );
        const idsOf = async (query: string) =>
          (await s.req('GET', `/api/jobs?sort=updated&per_page=1${query}`, { token: c.token })).body.data.map((j: Job) => j.id);
        assert.deepEqual(await idsOf(''), [oldest]);
        assert.deepEqual(await idsOf(`&starting_after=${oldest}`), [newest]);
        assert.deepEqual(await idsOf(`&starting_after=${newest}`), [middle]);
      });

      test('one job: owner matrix', async () => {
        const job = (await book()).body.data;
        assert.equal((await s.req('GET', `/api/jobs/${job.id}`, { token: customer.token })).body.data.id, job.id);
        assert.equal((await s.req('GET', `/api/jobs/${job.id}`, { token: provider.token })).status, 200);
        assert.equal((await s.req('GET', `/api/jobs/${job.id}`, { token: otherCustomer.token })).status, 403);
        assert.equal((await s.req('GET', `/api/jobs/${job.id}`, { token: otherProvider.token })).status, 403);
        assert.equal((await s.req('GET', `/api/jobs/${job.id}`)).status, 401);
        assert.equal((await s.req('GET', '/api/jobs/999999', { token: customer.token })).status, 404);
        const bad = await s.req('GET', '/api/jobs/abc', { token: customer.token });
        assert.equal(bad.status, 400);
        assert.ok(bad.body.errors.id);
      });
    });

    describe('PATCH /api/jobs/{id}', () => {
      const statusOf = async (id: number) =>
        (await s.app.ctx.db.selectFrom('jobs').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

      test("every change the provider may make succeeds; the customer's and the timer's are 403; every other one is 409", async () => {
        for (const from of JOB_STATUSES) {
          for (const to of JOB_STATUSES) {
            const job = (await book()).body.data;
            await setStatus(job.id, from);
            s.clock.advance(1000);
            const res = await s.req('PATCH', `/api/jobs/${job.id}`, { token: provider.token, json: { status: to } });
            if (canTransition(from, to, 'provider')) {
              assert.equal(res.status, 200, `${from} -> ${to}`);
              assert.equal(
                res.body.message,
                to === 'Pending' ? 'Job moved back to Waiting for Approval' : `Job ${to.toLowerCase()} successfully`,
              );
              assert.ok(Array.isArray(res.body.data));
              const updated = res.body.data.find((j: Job) => j.id === job.id);
              assert.equal(updated.status, to);
              assert.equal(updated.updated_at, s.clock.now().toISOString());
              assert.equal(await statusOf(job.id), to);
              const note = await s.publisher.waitFor(
                (e) => e.event === 'Notification' && e.userId === customer.id && e.data.job_id === job.id,
              );
              assert.equal(note.data.title, 'Job');
              // The changed job itself, live (not the Pending one published when it was booked).
              const changedAt = s.clock.now().toISOString();
              const live = await s.publisher.waitFor(
                (e) => e.event === 'Job' && e.userId === customer.id && e.data.id === job.id && e.data.updated_at === changedAt,
              );
              assert.equal(live.data.status, to);
            } else if (to === 'Cancelled' || to === 'Expired') {
              assert.equal(res.status, 403, `${from} -> ${to}`);
              assert.equal(await statusOf(job.id), from);
            } else {
              assert.equal(res.status, 409, `${from} -> ${to}`);
              // The words of what happened meanwhile (jobTransitions.test.ts has them written out).
              assert.equal(res.body.message, transitionRefusal(from, to));
              assert.equal(await statusOf(job.id), from);
            }
          }
        }
      });

      test('the approve toggle and finishing: Pending → Accepted → Pending → Accepted → Completed', async () => {
        const job = (await book()).body.data;
        for (const to of ['Accepted', 'Pending', 'Accepted', 'Completed'] as const) {
          const res = await s.req('PATCH', `/api/jobs/${job.id}`, { token: provider.token, json: { status: to } });
          assert.equal(res.status, 200);
        }
        const again = await s.req('PATCH', `/api/jobs/${job.id}`, { token: provider.token, json: { status: 'Pending' } });
        assert.equal(again.status, 409);
        const me = await s.req('GET', '/api/auth/me', { token: provider.token });
        assert.ok(me.body.data.completed_jobs >= 1);
      });

      test("only the job's provider may change it", async () => {
        const job = (await book()).body.data;
        const patch = (token?: string) => s.req('PATCH', `/api/jobs/${job.id}`, { token, json: { status: 'Accepted' } });
        assert.equal((await patch()).status, 401);
        assert.equal((await patch(customer.token)).status, 403);
        assert.equal((await patch(otherCustomer.token)).status, 403);
        assert.equal((await patch(otherProvider.token)).status, 403);
        assert.equal(await statusOf(job.id), 'Pending');
        assert.equal((await patch(provider.token)).status, 200);
      });

      test("someone else's job is answered as GET answers it; the job's customer keeps the provider-only message", async () => {
        const job = (await book()).body.data;
        for (const stranger of [otherCustomer, otherProvider]) {
          const res = await s.req('PATCH', `/api/jobs/${job.id}`, { token: stranger.token, json: { status: 'Cancelled' } });
          const get = await s.req('GET', `/api/jobs/${job.id}`, { token: stranger.token });
          assert.equal(res.status, 403);
          assert.equal(res.body.message, 'This job is not yours.');
          assert.deepEqual([res.status, res.body.message], [get.status, get.body.message]);
        }
        const own = await s.req('PATCH', `/api/jobs/${job.id}`, { token: customer.token, json: { status: 'Accepted' } });
        assert.equal(own.status, 403);
        assert.equal(own.body.message, "Only the job's provider can change its status.");
        assert.equal(await statusOf(job.id), 'Pending');
      });

      test('validation and missing jobs', async () => {
        const job = (await book()).body.data;
        const bad = await s.req('PATCH', `/api/jobs/${job.id}`, { token: provider.token, json: { status: 'Done' } });
        assert.equal(bad.status, 400);
        assert.ok(bad.body.errors.status);
        assert.equal((await s.req('PATCH', `/api/jobs/${job.id}`, { token: provider.token, json: {} })).status, 400);
        assert.equal(
          (await s.req('PATCH', '/api/jobs/999999', { token: provider.token, json: { status: 'Accepted' } })).status,
          404,
        );
      });
    });
  });
}
