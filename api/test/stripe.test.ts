/**
 * The Stripe adapter (StripeGateway, used when STRIPE_SECRET_KEY is set) against a stand-in for Stripe's
 * API (test/fakeStripe.ts; there is no network here): saving cards, charging a booking, refunding it,
 * the orphan sweep reading Stripe's list, and a Stripe that takes its time holding no one else up. Runs on
 * SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Job } from 'shared/src/contracts/entities';
import { StripeGateway } from '../src/services/payments.js';
import { sweepJobs } from '../src/services/jobSweeper.js';
import { FakeStripe } from './fakeStripe.js';
import {
  DIALECTS,
  bookingBody,
  ensureService,
  signUp,
  signUpProvider,
  startTestServer,
  type TestServer,
  type TestUser,
} from './helpers.js';

for (const dialect of DIALECTS) {
  describe(`card payments through Stripe (${dialect})`, () => {
    const stripe = new FakeStripe();
    let s: TestServer;
    let serviceId: number;
    let customer: TestUser;
    let otherCustomer: TestUser;
    let provider: TestUser;

    before(async () => {
      const api = await stripe.start();
      s = await startTestServer(dialect, { payments: new StripeGateway('sk_test_stand_in', api) });
      stripe.now = () => s.clock.now().getTime();
      serviceId = await ensureService(s);
      [customer, otherCustomer, provider] = await Promise.all([
        signUp(s, 'Customer'),
        signUp(s, 'Customer'),
        signUpProvider(s, 25),
      ]);
    });
    after(async () => {
      await s.close();
      await stripe.close();
    });

    const saveCard = (user: TestUser, token: string) =>
      s.req<{ data: { id: number; card_brand: string; card_last4: string } }>('POST', '/api/payment-methods', {
        token: user.token,
        json: { token },
      });
    const customerRefOf = async (user: TestUser) =>
      (await s.app.ctx.db.selectFrom('users').select('payment_customer_ref').where('id', '=', user.id).executeTakeFirstOrThrow())
        .payment_customer_ref;
    const book = (cardId: number, address: string, key: string) =>
      s.req<{ data: Job; message: string }>('POST', '/api/jobs', {
        token: customer.token,
        json: bookingBody(provider.id, serviceId, cardId, { address }),
        headers: { 'Idempotency-Key': key },
      });

    let visa: { id: number };
    let declining: { id: number };

    test('a saved card is attached to one Stripe customer made for the user and kept; brand and last four are Stripe’s', async () => {
      const first = await saveCard(customer, 'tok_visa');
      assert.equal(first.status, 201, JSON.stringify(first.body));
      assert.deepEqual([first.body.data.card_brand, first.body.data.card_last4], ['Visa', '4242']);
      visa = first.body.data;
      const second = await saveCard(customer, 'tok_chargeDeclined');
      assert.equal(second.status, 201, JSON.stringify(second.body));
      declining = second.body.data;
      const ref = await customerRefOf(customer);
      assert.ok(ref && stripe.customers.has(ref));
      assert.equal(stripe.callsTo('POST', '/v1/customers').length, 1);
      assert.deepEqual(
        [...stripe.paymentMethods.values()].map((pm) => pm.customer),
        [ref, ref],
      );
      // A token Stripe does not know is the user's mistake: a 400 on the field, nothing saved.
      const unknown = await saveCard(customer, 'tok_nonsense');
      assert.equal(unknown.status, 400);
      assert.deepEqual(Object.keys((unknown.body as unknown as { errors: object }).errors), ['token']);
    });

    test('Submit & Pay charges the card through Stripe once under the booking’s key; a decline is told in Stripe’s words, nothing booked', async () => {
      const booked = await book(visa.id, `1 Stripe Street ${dialect}`, 'stripe-1');
      assert.equal(booked.status, 201, JSON.stringify(booked.body));
      const intents = stripe.callsTo('POST', '/v1/payment_intents');
      assert.equal(intents.length, 1);
      assert.equal(intents[0].idempotencyKey, `charge:${customer.id}:stripe-1`);
      const params = Object.fromEntries(intents[0].params);
      assert.equal(params.amount, '1000');
      assert.equal(params.currency, 'inr');
      assert.equal(params.customer, await customerRefOf(customer));
      assert.equal(params.confirm, 'true');
      // Sent again (its answer lost): the same booking, and Stripe is not asked again.
      const again = await book(visa.id, `1 Stripe Street ${dialect}`, 'stripe-1');
      assert.equal(again.status, 200);
      assert.equal(again.body.data.id, booked.body.data.id);
      assert.equal(stripe.callsTo('POST', '/v1/payment_intents').length, 1);

      const declined = await book(declining.id, `2 Declined Street ${dialect}`, 'stripe-2');
      assert.equal(declined.status, 402, JSON.stringify(declined.body));
      assert.equal(declined.body.message, 'Your card was declined.');
      const jobs = await s.app.ctx.db
        .selectFrom('jobs')
        .select('id')
        .where('address', '=', `2 Declined Street ${dialect}`)
        .execute();
      assert.equal(jobs.length, 0);
    });

    test('a Pending booking cancelled is refunded through Stripe, in full, once', async () => {
      const booked = await book(visa.id, `3 Refund Road ${dialect}`, 'stripe-3');
      assert.equal(booked.status, 201);
      const payment = await s.app.ctx.db
        .selectFrom('payments')
        .select('processor_ref')
        .where('job_id', '=', booked.body.data.id)
        .executeTakeFirstOrThrow();
      const cancelled = await s.req('PATCH', `/api/jobs/${booked.body.data.id}`, {
        token: customer.token,
        json: { status: 'Cancelled' },
      });
      assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
      assert.deepEqual(
        stripe.refunds.filter((r) => r.payment_intent === payment.processor_ref).map((r) => r.amount),
        [1000],
      );
    });

    test('a charge Stripe made whose booking was never stored is found in Stripe’s list by the sweep and refunded', async () => {
      const charged = await s.app.ctx.payments.charge(
        {
          amountCents: 1000,
          currency: 'inr',
          user: { id: customer.id, email: customer.email, payment_customer_ref: await customerRefOf(customer) },
          card: await s.app.ctx.db.selectFrom('payment_methods').selectAll().where('id', '=', visa.id).executeTakeFirstOrThrow(),
          cvv: '123',
          description: 'Booking: Driver',
          idempotencyKey: `charge:${customer.id}:interrupted`,
        },
        s.app.ctx.db,
      );
      assert.ok(charged.ok);
      s.clock.advance(10 * 60_000);
      assert.equal((await sweepJobs(s.app.ctx)).orphanChargesRefunded, 1);
      assert.deepEqual(
        stripe.refunds.filter((r) => r.payment_intent === charged.processorRef).map((r) => r.amount),
        [1000],
      );
      assert.equal((await sweepJobs(s.app.ctx)).orphanChargesRefunded, 0);
    });

    test('two first cards saved at once (two tabs) keep one Stripe customer, and both cards are attached to it', async () => {
      const customersBefore = stripe.customers.size;
      const [a, b] = await Promise.all([saveCard(otherCustomer, 'tok_visa'), saveCard(otherCustomer, 'tok_mastercard')]);
      assert.deepEqual([a.status, b.status], [201, 201], JSON.stringify([a.body, b.body]));
      const ref = await customerRefOf(otherCustomer);
      assert.ok(ref && stripe.customers.has(ref));
      // The one made for nothing is deleted at Stripe.
      assert.equal(stripe.customers.size, customersBefore + 1);
      const cards = await s.app.ctx.db
        .selectFrom('payment_methods')
        .select('processor_ref')
        .where('user_id', '=', otherCustomer.id)
        .execute();
      assert.deepEqual(
        cards.map((c) => stripe.paymentMethods.get(c.processor_ref)?.customer),
        [ref, ref],
      );
    });

    test('while Stripe takes its time saving one customer’s card, other customers are answered', async () => {
      const third = await signUp(s, 'Customer');
      stripe.latencyMs = 300;
      try {
        let settled = false;
        const saving = saveCard(third, 'tok_mastercard').finally(() => (settled = true));
        for (let i = 0; i < 400 && !stripe.calls.some((c) => c.params.get('email') === third.email); i++) {
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        const list = await s.req('GET', '/api/jobs', { token: otherCustomer.token });
        assert.equal(settled, false, 'the others waited for Stripe');
        assert.equal(list.status, 200);
        assert.equal((await saving).status, 201);
      } finally {
        stripe.latencyMs = 0;
      }
    });

    test('while Stripe takes its time over one customer’s charge, other customers are answered', async () => {
      stripe.latencyMs = 500;
      try {
        const intentsBefore = stripe.callsTo('POST', '/v1/payment_intents').length;
        let settled = false;
        const booking = book(visa.id, `4 Slow Stripe Lane ${dialect}`, 'stripe-4').finally(() => (settled = true));
        for (let i = 0; i < 400 && stripe.callsTo('POST', '/v1/payment_intents').length === intentsBefore; i++) {
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        const [list, saved] = await Promise.all([
          s.req('GET', '/api/jobs', { token: otherCustomer.token }),
          s.req('POST', '/api/storeContactUs', {
            token: otherCustomer.token,
            json: { title: 'A question', message: 'Asked while someone else pays.' },
          }),
        ]);
        assert.equal(settled, false, 'the others waited for Stripe');
        assert.equal(list.status, 200);
        assert.ok(saved.status < 300, JSON.stringify(saved.body));
        assert.equal((await booking).status, 201);
      } finally {
        stripe.latencyMs = 0;
      }
    });
  });
}
