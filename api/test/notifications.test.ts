/**
 * Your Notifications' API for a user with more notifications than one page: the unread total the bell
 * shows (meta.unread, with the first page and every mark-read answer, not with later pages), paging to
 * the oldest, and read-all marking read only the notifications the page showed (from_id..up_to_id), with
 * a 400 that says why for a bad body.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { insertNotification, notificationEvent } from '../src/queries/notifications.js';
import { DIALECTS, signUp, startTestServer, type TestServer, type TestUser } from './helpers.js';
import type { AppNotification } from 'shared/src/contracts/entities';

type Page = { data: AppNotification[]; meta: { page: number; per_page: number; has_more: boolean; unread?: number } };

for (const dialect of DIALECTS) {
  describe(`notifications beyond one page (${dialect})`, () => {
    let s: TestServer;
    let customer: TestUser;
    let provider: TestUser;
    /** Stores `count` chat notifications for the provider, oldest first; answers their ids. */
    const notify = async (count: number) => {
      const ids: number[] = [];
      for (let i = 0; i < count; i += 1) {
        ids.push(
          await insertNotification(
            s.app.ctx.db,
            { userId: provider.id, senderId: customer.id, title: 'Chat', description: `message ${ids.length + 1}` },
            s.clock.now().toISOString(),
          ),
        );
      }
      return ids;
    };
    const page = async (n: number, perPage?: number) => {
      const query = perPage ? `?page=${n}&per_page=${perPage}` : `?page=${n}`;
      const res = await s.req<Page>('GET', `/api/notifications${query}`, { token: provider.token });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body;
    };
    const readAll = (json: unknown, token = provider.token) =>
      s.req<Page>('POST', '/api/notifications/read-all', { token, json });
    const unread = async () => (await page(1)).meta.unread;

    before(async () => {
      s = await startTestServer(dialect);
      [customer, provider] = await Promise.all([signUp(s, 'Customer'), signUp(s, 'Provider')]);
    });
    after(() => s.close());

    test('509 unread: the first page says 509 unread, later pages do not count, and paging reaches the oldest once each', async () => {
      const ids = await notify(509);
      const first = await page(1);
      assert.equal(first.data.length, 50);
      assert.deepEqual(first.meta, { page: 1, per_page: 50, has_more: true, unread: 509 });
      assert.equal(first.data[0].id, ids[508], 'newest first');
      const seen: number[] = [];
      let n = 1;
      let current = first;
      for (;;) {
        if (n > 1) assert.deepEqual(current.meta, { page: n, per_page: 50, has_more: n < 11 }, `page ${n} has no unread count`);
        seen.push(...current.data.map((x) => x.id));
        if (!current.meta.has_more) break;
        n += 1;
        current = await page(n);
      }
      assert.equal(n, 11, '10 full pages and one of 9');
      assert.equal(current.data.length, 9);
      assert.deepEqual(seen, [...ids].reverse(), 'every notification once, newest to oldest');
      assert.equal(current.data.at(-1)?.description, 'message 1');
      assert.deepEqual((await page(1, 10)).meta, { page: 1, per_page: 10, has_more: true, unread: 509 }, 'any first page');
      // Another user's count is their own.
      const other = await s.req<Page>('GET', '/api/notifications', { token: customer.token });
      assert.equal(other.body.meta.unread, 0);
    });

    test('read-all marks read only from_id..up_to_id; a newer notification stays unread and is counted', async () => {
      const first = await page(1);
      const newestShown = first.data[0].id;
      const oldestShown = first.data.at(-1)!.id;
      // Arrives after the page read its list, before it marks it read.
      const [late] = await notify(1);
      const before = await unread();
      assert.equal(before, 510);

      const res = await readAll({ up_to_id: newestShown, from_id: oldestShown });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.meta.unread, 460, 'the 50 shown are read; 459 older and the late one are not');
      assert.equal(await unread(), 460);
      const now = await page(1);
      assert.equal(now.data[0].id, late);
      assert.equal(now.data[0].read, false, 'the late one stays unread');
      assert.ok(now.data.slice(1).every((x) => x.read));
      const second = await page(2);
      assert.ok(
        second.data.slice(1).every((x) => !x.read),
        'older pages not shown yet stay unread',
      );
      const events = s.publisher.events.filter((e) => e.event === 'NotificationsRead' && e.userId === provider.id);
      assert.equal(events.length, 1, 'the other tabs are told');

      // The next page shown is marked read as it is shown: up_to_id alone reads everything up to it.
      const all = await readAll({ up_to_id: newestShown });
      assert.equal(all.body.meta.unread, 1);
      assert.equal(await unread(), 1);
      // Nothing new read: nothing published.
      await readAll({ up_to_id: newestShown });
      assert.equal(s.publisher.events.filter((e) => e.event === 'NotificationsRead' && e.userId === provider.id).length, 2);
      const last = await readAll({ up_to_id: late, from_id: late });
      assert.equal(last.body.meta.unread, 0);
    });

    test('marking one read and reading a chat answer the unread total too', async () => {
      const [a, b] = await notify(2);
      const one = await s.req<Page>('POST', `/api/notifications/${a}/read`, { token: provider.token });
      assert.equal(one.status, 200);
      assert.equal(one.body.meta.unread, 1);
      assert.equal(one.body.data.find((x) => x.id === b)?.read, false);
      assert.equal(await unread(), 1);
      await readAll({ up_to_id: b });
    });

    test('each notification names its sender by id, and one from the platform itself has none (no badge to show)', async () => {
      const now = s.clock.now().toISOString();
      const fromPlatform = { userId: provider.id, senderId: null, title: 'Location', description: 'From the platform' };
      const fromCustomer = { userId: provider.id, senderId: customer.id, title: 'Chat', description: 'From the customer' };
      const platformId = await insertNotification(s.app.ctx.db, fromPlatform, now);
      const customerId = await insertNotification(s.app.ctx.db, fromCustomer, now);
      const listed = (await page(1)).data;
      assert.deepEqual(listed.find((n) => n.id === platformId)?.user, { id: null, avatar: null, full_name: 'Marketplace' });
      assert.equal(listed.find((n) => n.id === customerId)?.user.id, customer.id);
      // The live event says the same.
      const sender = { first_name: 'Asha', last_name: 'Verma', avatar: null };
      assert.equal((notificationEvent(customerId, fromCustomer, sender, now).data as AppNotification).user.id, customer.id);
      assert.equal((notificationEvent(platformId, fromPlatform, null, now).data as AppNotification).user.id, null);
      await readAll({ up_to_id: customerId });
    });

    test('a bad read-all body is a 400 with a clear message, and marks nothing', async () => {
      const [id] = await notify(1);
      const cases: Array<[unknown, string]> = [
        [undefined, 'The request body must be a JSON object or a form.'],
        [{}, 'The up_to_id field is required.'],
        [{ up_to_id: 'newest' }, 'The up_to_id must be a notification id (a positive integer).'],
        [{ up_to_id: 0 }, 'The up_to_id must be a notification id (a positive integer).'],
        [{ up_to_id: -5 }, 'The up_to_id must be a notification id (a positive integer).'],
        [{ up_to_id: 2.5 }, 'The up_to_id must be a notification id (a positive integer).'],
        [{ up_to_id: null }, 'The up_to_id must be a notification id (a positive integer).'],
        [{ up_to_id: id, from_id: 'x' }, 'The from_id must be a notification id (a positive integer).'],
        [{ up_to_id: id, from_id: id + 1 }, 'The from_id may not be greater than the up_to_id.'],
      ];
      for (const [json, message] of cases) {
        const res = await readAll(json);
        assert.equal(res.status, 400, `${JSON.stringify(json)}: ${JSON.stringify(res.body)}`);
        assert.equal((res.body as unknown as { message: string }).message, message, JSON.stringify(json));
      }
      for (const value of [1e20, 2147483648, 99999999999]) {
        const res = await readAll({ up_to_id: value });
        assert.equal(res.status, 400, `${value}: ${JSON.stringify(res.body)}`);
      }
      assert.equal(await unread(), 1, 'nothing was marked read');
      assert.equal((await readAll({ up_to_id: id })).status, 200, 'a good body still works');
      assert.equal((await s.req('POST', '/api/notifications/read-all', { json: { up_to_id: id } })).status, 401);
    });

    test('the OpenAPI document describes meta.unread and the read-all body', async () => {
      const spec = (await s.req('GET', '/api/docs/json')).body;
      const list = spec.paths['/api/notifications'].get.responses['200'].content['application/json'].schema;
      assert.equal(list.properties.meta.properties.unread.type, 'integer');
      assert.match(list.properties.meta.properties.unread.description, /^With the first page only/);
      const body = spec.paths['/api/notifications/read-all'].post.requestBody.content['application/json'].schema;
      assert.deepEqual(body.required, ['up_to_id']);
      assert.deepEqual(Object.keys(body.properties).sort(), ['from_id', 'up_to_id']);
    });

    test("up_to_id is a bound, not an id: another user's notifications are never touched", async () => {
      await notify(3);
      const res = await readAll({ up_to_id: 2147483647 }, customer.token);
      assert.equal(res.status, 200);
      assert.equal(res.body.meta.unread, 0);
      assert.equal(await unread(), 3, "the provider's stay unread");
    });
  });
}
