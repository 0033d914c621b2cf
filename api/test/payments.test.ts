import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { PaymentMethod } from 'shared/src/contracts/entities';
import { DIALECTS, addCard, signUp, startTestServer, type TestServer, type TestUser } from './helpers.js';

for (const dialect of DIALECTS) {
  describe(`payment methods and the sandbox card provider (${dialect})`, () => {
    let s: TestServer;
    let owner: TestUser;
    let otherCustomer: TestUser;
    let provider: TestUser;
    before(async () => {
      s = await startTestServer(dialect);
      [owner, otherCustomer, provider] = await Promise.all([signUp(s, 'Customer'), signUp(s, 'Customer'), signUp(s, 'Provider')]);
    });
    after(() => s.close());

    const tokenise = (over: Record<string, unknown> = {}) =>
      s.req('POST', '/sandbox/v1/tokens', {
        json: { card_name: 'Cara Test', card_number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123', ...over },
      });

    test('tokenises like a processor and keeps only brand and last four', async () => {
      const res = await tokenise({ card_number: '5555 5555 5555 4444' });
      assert.equal(res.status, 200);
      assert.match(res.body.id, /^tok_[a-f0-9]{24}$/);
      assert.deepEqual(res.body.card, { brand: 'MasterCard', last4: '4444', exp_month: 12, exp_year: 2030 });
      const row = await s.app.ctx.db
        .selectFrom('sandbox_tokens')
        .selectAll()
        .where('id', '=', res.body.id)
        .executeTakeFirstOrThrow();
      assert.ok(!JSON.stringify(row).includes('5555555555554444'));
      assert.ok(!Object.keys(row).some((k) => k.includes('cvc') || k.includes('number')));
    });

    test('refuses a bad Luhn number, a past expiry and a wrong CVC, per field', async () => {
      const res = await tokenise({ card_number: '4242424242424241', exp_month: 1, exp_year: 2024, cvc: '1' });
      assert.equal(res.status, 400);
      assert.deepEqual(res.body.errors.card_number, ['Your card number is incorrect.']);
      assert.deepEqual(res.body.errors.exp_year, ['Your card has expired.']);
      assert.deepEqual(res.body.errors.cvc, ["Your card's security code is invalid."]);
      const name = await tokenise({ card_name: 'A very long card name' });
      assert.deepEqual(name.body.errors.card_name, ['Must be 15 characters or less']);
      const missing = await s.req('POST', '/sandbox/v1/tokens', { json: {} });
      assert.equal(missing.status, 400);
      assert.deepEqual(missing.body.errors.card_name, ['Required']);
      assert.deepEqual(missing.body.errors.cvc, ['cvv date is required']);
    });

    test('a card name of only whitespace or zero-width characters is Required', async () => {
      for (const blank of ['   ', '\t', '\u200b\u200d', ' \ufeff ']) {
        const res = await tokenise({ card_name: blank });
        assert.equal(res.status, 400, JSON.stringify(blank));
        assert.equal(res.body.message, 'Required');
        assert.deepEqual(res.body.errors, { card_name: ['Required'] });
      }
    });

    test('the declined test number tokenises (the charge is what fails, as with Stripe)', async () => {
      const res = await tokenise({ card_number: '4000000000000002' });
      assert.equal(res.status, 200);
      assert.equal(res.body.card.last4, '0002');
    });

    test('save, list (default first), make default, delete', async () => {
      const a = await addCard(s, owner);
      const b = await addCard(s, owner, '5555555555554444');
      const list = await s.req('GET', '/api/payment-methods', { token: owner.token });
      assert.equal(list.status, 200);
      assert.deepEqual(list.body.data, [
        { id: a.id, card_brand: 'Visa', card_last4: '4242', exp_month: 12, exp_year: 2030, is_default: true },
        { id: b.id, card_brand: 'MasterCard', card_last4: '4444', exp_month: 12, exp_year: 2030, is_default: false },
      ]);
      const def = await s.req('POST', `/api/payment-methods/${b.id}/default`, { token: owner.token });
      assert.equal(def.status, 200);
      assert.deepEqual(
        def.body.data.map((c: PaymentMethod) => [c.id, c.is_default]),
        [
          [b.id, true],
          [a.id, false],
        ],
      );

      const del = await s.req('DELETE', `/api/payment-methods/${b.id}`, { token: owner.token });
      assert.equal(del.status, 200);
      const after = await s.req('GET', '/api/payment-methods', { token: owner.token });
      assert.deepEqual(after.body.data, [
        { id: a.id, card_brand: 'Visa', card_last4: '4242', exp_month: 12, exp_year: 2030, is_default: true },
      ]);
    });

    test('a token is single use; an empty or unknown token is refused', async () => {
      const tok = (await tokenise({ exp_year: 2031 })).body.id;
      assert.equal((await s.req('POST', '/api/payment-methods', { token: owner.token, json: { token: tok } })).status, 201);
      const reuse = await s.req('POST', '/api/payment-methods', { token: otherCustomer.token, json: { token: tok } });
      assert.equal(reuse.status, 400);
      assert.ok(reuse.body.errors.token);
      for (const token of ['', '   ']) {
        const empty = await s.req('POST', '/api/payment-methods', { token: owner.token, json: { token } });
        assert.equal(empty.status, 400);
        assert.equal(empty.body.message, 'something went wrong');
        assert.deepEqual(empty.body.errors.token, ['something went wrong']);
      }
      assert.equal(
        (await s.req('POST', '/api/payment-methods', { token: owner.token, json: { token: 'tok_nope' } })).status,
        400,
      );
    });

    test('two first cards saved at once (two tabs) share the one customer the processor made for the user', async () => {
      const user = await signUp(s, 'Customer');
      const gateway = s.app.ctx.payments;
      const createCustomer = gateway.createCustomer.bind(gateway);
      const removeCustomer = gateway.removeCustomer.bind(gateway);
      const made: string[] = [];
      const removed: string[] = [];
      // Like Stripe: a user with no customer at the processor yet gets one with their first card (test/stripe.test.ts).
      gateway.createCustomer = () => {
        made.push(`cus_test_${made.length + 1}`);
        return Promise.resolve(made[made.length - 1]);
      };
      gateway.removeCustomer = (ref) => {
        removed.push(ref);
        return Promise.resolve();
      };
      try {
        const [first, second] = await Promise.all([tokenise({ exp_year: 2032 }), tokenise({ exp_year: 2033 })]);
        const saves = await Promise.all(
          [first, second].map((tok) =>
            s.req('POST', '/api/payment-methods', { token: user.token, json: { token: tok.body.id } }),
          ),
        );
        assert.deepEqual(
          saves.map((res) => res.status),
          [201, 201],
        );
        const row = await s.app.ctx.db
          .selectFrom('users')
          .select('payment_customer_ref')
          .where('id', '=', user.id)
          .executeTakeFirstOrThrow();
        // One kept on the user; any other made meanwhile is deleted at the processor.
        assert.ok(row.payment_customer_ref && made.includes(row.payment_customer_ref), JSON.stringify(made));
        assert.deepEqual(
          removed,
          made.filter((ref) => ref !== row.payment_customer_ref),
        );
        // A later card uses the kept customer: none is made.
        const madeBefore = made.length;
        assert.equal((await addCard(s, user, '5555555555554444')).card_last4, '4444');
        assert.equal(made.length, madeBefore);
      } finally {
        gateway.createCustomer = createCustomer;
        gateway.removeCustomer = removeCustomer;
      }
    });

    test('the same card (brand, last four, expiry) is not saved twice: 409 with a message, nothing stored', async () => {
      const customer = await signUp(s, 'Customer');
      const first = await addCard(s, customer);
      const again = await s.req('POST', '/api/payment-methods', {
        token: customer.token,
        json: { token: (await tokenise()).body.id },
      });
      assert.equal(again.status, 409);
      assert.equal(again.body.message, 'This card is already saved.');
      const cardsOf = async (user: TestUser) =>
        (await s.req('GET', '/api/payment-methods', { token: user.token })).body.data.map((c: PaymentMethod) => c.id);
      assert.deepEqual(await cardsOf(customer), [first.id]);

      // The same number with a new expiry is a renewed card; another customer's copy is theirs; a removed card can come back.
      const renewed = await s.req('POST', '/api/payment-methods', {
        token: customer.token,
        json: { token: (await tokenise({ exp_year: 2032 })).body.id },
      });
      assert.equal(renewed.status, 201);
      assert.deepEqual(renewed.body.data, {
        id: renewed.body.data.id,
        card_brand: 'Visa',
        card_last4: '4242',
        exp_month: 12,
        exp_year: 2032,
        is_default: false,
      });
      const someoneElse = await signUp(s, 'Customer');
      await addCard(s, someoneElse);
      assert.equal((await s.req('DELETE', `/api/payment-methods/${first.id}`, { token: customer.token })).status, 200);
      const back = await addCard(s, customer);
      assert.deepEqual(await cardsOf(customer), [renewed.body.data.id, back.id]);
    });

    test('authorisation matrix: anonymous, owner, another customer, a provider', async () => {
      const cardOwner = await signUp(s, 'Customer');
      const card = await addCard(s, cardOwner);
      for (const [method, path] of [
        ['GET', '/api/payment-methods'],
        ['POST', '/api/payment-methods'],
        ['DELETE', `/api/payment-methods/${card.id}`],
        ['POST', `/api/payment-methods/${card.id}/default`],
      ]) {
        assert.equal(
          (await s.req(method, path, method === 'POST' && !path.endsWith('default') ? { json: { token: 'x' } } : {})).status,
          401,
          path,
        );
      }
      for (const intruder of [otherCustomer, provider]) {
        assert.equal((await s.req('DELETE', `/api/payment-methods/${card.id}`, { token: intruder.token })).status, 403);
        assert.equal((await s.req('POST', `/api/payment-methods/${card.id}/default`, { token: intruder.token })).status, 403);
        const theirs = await s.req('GET', '/api/payment-methods', { token: intruder.token });
        assert.ok(!theirs.body.data.some((c: PaymentMethod) => c.id === card.id));
      }
      assert.equal((await s.req('DELETE', '/api/payment-methods/999999', { token: cardOwner.token })).status, 404);
      assert.equal((await s.req('DELETE', `/api/payment-methods/${card.id}`, { token: cardOwner.token })).status, 200);
    });

    test("a card that was removed is 'already removed'; an id that was never one of the user's cards is not found", async () => {
      const holder = await signUp(s, 'Customer');
      const [kept, removed] = [await addCard(s, holder), await addCard(s, holder, '5555555555554444')];
      assert.equal((await s.req('DELETE', `/api/payment-methods/${removed.id}`, { token: holder.token })).status, 200);
      const stranger = await signUp(s, 'Customer');
      const theirs = await addCard(s, stranger);
      assert.equal((await s.req('DELETE', `/api/payment-methods/${theirs.id}`, { token: stranger.token })).status, 200);
      const asked = [
        // Removed in another tab: Remove card and Make this Default say so.
        { id: removed.id, message: 'This card has already been removed.' },
        // Never a card of anyone's, and a card that was someone else's (removed by them): not found.
        { id: 999999, message: 'Payment method not found.' },
        { id: theirs.id, message: 'Payment method not found.' },
      ];
      for (const { id, message } of asked) {
        for (const [method, path] of [
          ['DELETE', `/api/payment-methods/${id}`],
          ['POST', `/api/payment-methods/${id}/default`],
        ]) {
          const res = await s.req(method, path, { token: holder.token });
          assert.equal(res.status, 404, path);
          assert.equal(res.body.message, message, path);
        }
      }
      const left = await s.req('GET', '/api/payment-methods', { token: holder.token });
      assert.deepEqual(
        left.body.data.map((c: PaymentMethod) => ({ id: c.id, is_default: c.is_default })),
        [{ id: kept.id, is_default: true }],
      );
    });
    test("each change of a user's cards tells their own channel ('PaymentMethods'), not the asking tab, nobody else; a refused one tells nobody", async () => {
      const u = await signUp(s, 'Customer');
      const told = () => s.publisher.events.filter((e) => e.event === 'PaymentMethods');
      const before = told().length;
      const tok = await tokenise();
      const added = await s.req('POST', '/api/payment-methods', {
        token: u.token,
        json: { token: tok.body.id },
        headers: { 'x-socket-id': '123.456' },
      });
      assert.equal(added.status, 201);
      const second = await addCard(s, u, '5555555555554444');
      assert.equal((await s.req('POST', `/api/payment-methods/${second.id}/default`, { token: u.token })).status, 200);
      assert.equal((await s.req('DELETE', `/api/payment-methods/${added.body.data.id}`, { token: u.token })).status, 200);
      assert.deepEqual(
        told()
          .slice(before)
          .map((e) => ({ userId: e.userId, exceptSocketId: e.exceptSocketId })),
        [
          { userId: u.id, exceptSocketId: '123.456' },
          { userId: u.id, exceptSocketId: undefined },
          { userId: u.id, exceptSocketId: undefined },
          { userId: u.id, exceptSocketId: undefined },
        ],
      );
      // Refused (already removed, a duplicate, a malformed socket id): nothing changed, nobody told.
      assert.equal((await s.req('DELETE', `/api/payment-methods/${added.body.data.id}`, { token: u.token })).status, 404);
      const again = await tokenise({ card_number: '5555555555554444' });
      assert.equal((await s.req('POST', '/api/payment-methods', { token: u.token, json: { token: again.body.id } })).status, 409);
      const bad = await s.req('POST', `/api/payment-methods/${second.id}/default`, {
        token: u.token,
        headers: { 'x-socket-id': 'tab' },
      });
      assert.equal(bad.status, 400);
      assert.equal(told().length, before + 4);
    });
  });
}
