import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIALECTS, signUp, startTestServer, type TestServer, type TestUser } from './helpers.js';
import { seedDemo } from '../src/seed.js';
import type { MailMessage } from '../src/services/mailer.js';
import type {
  Chat,
  Job,
  PaymentMethod,
  PaymentRecord,
  ProviderServiceData,
  Service,
  UserService,
} from 'shared/src/contracts/entities';

const run = promisify(execFile);
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

for (const dialect of DIALECTS) {
  describe(`contact, dev mail, security, docs and seed (${dialect})`, () => {
    let s: TestServer;
    let user: TestUser;
    before(async () => {
      s = await startTestServer(dialect);
      user = await signUp(s, 'Customer');
    });
    after(() => s.close());

    test('contact us answers "Successfully send" and keeps the message', async () => {
      const res = await s.req('POST', '/api/storeContactUs', {
        token: user.token,
        json: { title: 'Card issue', message: 'My card fails' },
      });
      assert.equal(res.status, 201);
      assert.equal(res.body.message, 'Successfully send');
      const row = await s.app.ctx.db
        .selectFrom('contact_messages')
        .selectAll()
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      assert.equal(row.title, 'Card issue');
      assert.equal(row.message, 'My card fails');
      assert.equal((await s.req('POST', '/api/storeContactUs', { json: { title: 'a', message: 'b' } })).status, 401);
      const bad = await s.req('POST', '/api/storeContactUs', {
        token: user.token,
        json: { title: '', message: 'x'.repeat(5001) },
      });
      assert.equal(bad.status, 400);
      assert.ok(bad.body.errors.title && bad.body.errors.message);
    });

    test('contact us: a title or message of only whitespace or zero-width characters is Required, and nothing is kept', async () => {
      const count = async () =>
        (await s.app.ctx.db.selectFrom('contact_messages').select('id').where('user_id', '=', user.id).execute()).length;
      const before = await count();
      const both = await s.req('POST', '/api/storeContactUs', { token: user.token, json: { title: '   ', message: ' \n ' } });
      assert.equal(both.status, 400);
      assert.equal(both.body.message, 'Required');
      assert.deepEqual(both.body.errors, { title: ['Required'], message: ['Required'] });
      const zeroWidth = await s.req('POST', '/api/storeContactUs', {
        token: user.token,
        json: { title: 'Card issue', message: '\u200b\u2060\ufeff' },
      });
      assert.equal(zeroWidth.status, 400);
      assert.equal(zeroWidth.body.message, 'Required');
      assert.deepEqual(zeroWidth.body.errors, { message: ['Required'] });
      assert.equal(await count(), before);
    });

    test('dev mail lists the outbox newest first for one address', async () => {
      await s.app.ctx.mailer.send({ to: 'Someone@Example.com', subject: 'first', text: 'one' });
      s.clock.advance(1000);
      await s.app.ctx.mailer.send({ to: 'someone@example.com', subject: 'second', text: 'two' });
      await s.app.ctx.mailer.send({ to: 'else@example.com', subject: 'other', text: 'x' });
      const res = await s.req('GET', '/api/dev/mail?to=someone@example.com');
      assert.equal(res.status, 200);
      assert.deepEqual(
        res.body.data.map((m: MailMessage) => [m.to, m.subject, m.text]),
        [
          ['someone@example.com', 'second', 'two'],
          ['someone@example.com', 'first', 'one'],
        ],
      );
    });

    test('security headers, CORS limited to the app origins, redacted errors', async () => {
      const res = await fetch(`${s.url}/api/services`, { headers: { origin: 'http://localhost:3000' } });
      assert.equal(res.status, 401);
      assert.equal(res.headers.get('access-control-allow-origin'), 'http://localhost:3000');
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(res.headers.get('cross-origin-resource-policy'), 'cross-origin');
      assert.ok(res.headers.get('content-security-policy'));
      const evil = await fetch(`${s.url}/api/services`, { headers: { origin: 'http://evil.example' } });
      assert.equal(evil.headers.get('access-control-allow-origin'), null);
      const preflight = await fetch(`${s.url}/api/jobs/1`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://127.0.0.1:3002',
          'access-control-request-method': 'PATCH',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
      assert.equal(preflight.status, 204);
      assert.match(preflight.headers.get('access-control-allow-methods')!, /PATCH/);
    });

    test('unknown routes are 404 JSON; oversized and unsupported bodies are 413 and 415, never 500', async () => {
      const nf = await s.req('GET', '/api/nope');
      assert.equal(nf.status, 404);
      assert.equal(nf.body.message, 'Not Found');
      const big = await s.req('POST', '/api/storeContactUs', {
        token: user.token,
        json: { title: 't', message: 'x'.repeat(2 * 1024 * 1024) },
      });
      assert.equal(big.status, 413);
      const xml = await fetch(`${s.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/xml' },
        body: '<a/>',
      });
      assert.equal(xml.status, 415);
      const traversal = await fetch(`${s.url}/uploads/..%2f..%2fpackage.json`);
      assert.ok([400, 403, 404].includes(traversal.status));
    });

    test('OpenAPI document of every route at /api/docs, with its own assets', async () => {
      const spec = await s.req('GET', '/api/docs/json');
      assert.equal(spec.status, 200);
      assert.match(spec.body.openapi, /^3\./);
      for (const p of [
        '/api/auth/login',
        '/api/auth/register',
        '/api/auth/logout',
        '/api/auth/me',
        '/api/auth/reset-password',
        '/api/auth/forgot',
        '/api/auth/update-profile',
        '/api/services',
        '/api/user-services',
        '/api/user-services/{id}',
        '/api/providers/{serviceId}',
        '/api/jobs',
        '/api/jobs/{id}',
        '/ratings',
        '/api/ratings',
        '/api/getReview',
        '/api/payment-methods',
        '/api/payment-methods/{id}',
        '/api/payment-methods/{id}/default',
        '/sandbox/v1/tokens',
        '/api/chats',
        '/api/chats/{id}/messages',
        '/broadcasting/auth',
        '/api/notifications',
        '/api/storeContactUs',
        '/api/dev/mail',
      ]) {
        assert.ok(spec.body.paths[p], `documented: ${p}`);
      }
      const ui = await fetch(`${s.url}/api/docs/static/index.html`);
      assert.equal(ui.status, 200);
      const html = await ui.text();
      assert.ok(!/https?:\/\/(cdn|unpkg|cdnjs)/.test(html), 'no CDN assets');
    });

    test('two API instances starting at once on an empty database: one seeds it, the other goes on without error', async () => {
      const fresh = await startTestServer(dialect);
      try {
        const outcomes = await Promise.all([seedDemo(fresh.app.ctx.db), seedDemo(fresh.app.ctx.db)]);
        assert.deepEqual(outcomes.map((o) => o.seeded).sort(), [false, true]);
        const customers = await fresh.app.ctx.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'customer@example.com')
          .execute();
        assert.equal(customers.length, 1);
      } finally {
        await fresh.close();
      }
    });

    test('the demo seed fills an empty database once; demo logins work', async () => {
      const fresh = await startTestServer(dialect);
      try {
        assert.deepEqual(await seedDemo(fresh.app.ctx.db), { seeded: true });
        assert.deepEqual(await seedDemo(fresh.app.ctx.db), { seeded: false });
        const login = await fresh.req('POST', '/api/auth/login', {
          json: { email: 'customer@example.com', password: 'password123', device_id: 'd', role: 'Customer' },
        });
        assert.equal(login.status, 200);
        const token = login.body.data.token;
        const services = (await fresh.req('GET', '/api/services', { token })).body.data;
        assert.deepEqual(
          services.map((x: Service) => x.name),
          ['Driver', 'Delivery', 'Shipping'],
        );
        for (const svc of services) {
          const providers = (await fresh.req('GET', `/api/providers/${svc.id}`, { token })).body.data;
          assert.ok(providers.length >= 3, `${svc.name} has 3 providers`);
          assert.ok(providers.every((p: ProviderServiceData) => p.bio && p.year_of_exp && p.basic_price && p.rating !== null));
        }
        const jobs = (await fresh.req('GET', '/api/jobs', { token })).body.data;
        for (const status of ['Pending', 'Accepted', 'Completed', 'Rejected'])
          assert.ok(
            jobs.some((j: Job) => j.status === status),
            status,
          );
        // As the app makes them: a request is for a time after it was made (the demo's wall clock is India's),
        // an open one for a time still to come, and a rejected one was refunded.
        for (const j of jobs as Job[]) {
          const requestedFor = Date.parse(`${j.date}T${j.time}:00+05:30`);
          assert.ok(requestedFor >= Date.parse(j.created_at), `job ${j.id} is for a time after it was made`);
          if (j.status === 'Pending' || j.status === 'Accepted')
            assert.ok(requestedFor > Date.now(), `job ${j.id} is still to come`);
          if (j.status === 'Completed') assert.ok(Date.parse(j.updated_at) > requestedFor, `job ${j.id} finished after it began`);
          assert.equal(j.refunded, j.status === 'Rejected', `job ${j.id} (${j.status}) refunded`);
        }
        // Unread is only what the other party wrote after one's own last message, as if each had replied in the app.
        const chats: Chat[] = (await fresh.req('GET', '/api/chats', { token })).body.data;
        assert.ok(chats.length >= 1);
        for (const chat of chats) {
          const unread = chat.last_message && chat.last_message.from_id !== chat.customer_id ? 1 : 0;
          assert.equal(chat.unread_count, unread, `the customer's unread in chat ${chat.id}`);
        }
        assert.ok((await fresh.req('GET', '/api/notifications', { token })).body.data.length >= 1);
        assert.deepEqual(
          (await fresh.req('GET', '/api/payment-methods', { token })).body.data.map((c: PaymentMethod) => c.card_last4),
          ['4242'],
        );
        const history: PaymentRecord[] = (await fresh.req('GET', '/api/payments', { token })).body.data;
        assert.ok(history.length > 0);
        assert.ok(history.every((p) => p.card_brand === 'Visa' && p.card_last4 === '4242'));
        const rejected = (jobs as Job[]).filter((j) => j.status === 'Rejected').map((j) => j.id);
        assert.deepEqual(
          history
            .filter((p) => p.kind === 'refund')
            .map((p) => p.job_id)
            .sort((a, b) => a - b),
          rejected.sort((a, b) => a - b),
          'a refund line for each rejected booking',
        );
        // Every demo booking is for a service its provider offers, as POST /api/jobs requires.
        const unoffered = await fresh.app.ctx.db
          .selectFrom('jobs')
          .leftJoin('user_services as us', (join) =>
            join.onRef('us.user_id', '=', 'jobs.provider_id').onRef('us.service_id', '=', 'jobs.service_id'),
          )
          .select('jobs.id')
          .where('us.id', 'is', null)
          .execute();
        assert.deepEqual(unoffered, []);
        const prov = await fresh.req('POST', '/api/auth/login', {
          json: { email: 'provider@example.com', password: 'password123', role: 'Provider' },
        });
        const providerChats: Chat[] = (await fresh.req('GET', '/api/chats', { token: prov.body.data.token })).body.data;
        assert.ok(providerChats.length >= 1);
        assert.ok(
          providerChats.every((c) => c.last_message?.from_id === c.provider_id && c.unread_count === 0),
          'the demo provider wrote last in each chat and has nothing unread there',
        );
        const offers = (await fresh.req('GET', '/api/user-services', { token: prov.body.data.token })).body.data;
        assert.deepEqual(
          offers.map((o: UserService) => o.service.name),
          ['Driver'],
        );
      } finally {
        await fresh.close();
      }
    });
  });
}

describe('operator command: npm run contacts', () => {
  test('lists the stored contact messages', async () => {
    const s = await startTestServer('sqlite');
    try {
      const u = await signUp(s, 'Customer');
      await s.req('POST', '/api/storeContactUs', {
        token: u.token,
        json: { title: 'Refund please', message: 'Booking 12 was cancelled' },
      });
      const dbFile = path.join(path.dirname(s.uploadsDir), 'app.db');
      const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/cli/contacts.ts'], {
        cwd: apiDir,
        env: { ...process.env, SQLITE_PATH: dbFile, DATABASE_URL: '' },
      });
      assert.match(stdout, /Refund please/);
      assert.match(stdout, /Booking 12 was cancelled/);
      assert.match(stdout, new RegExp(u.email.replace(/[.]/g, '\\.')));
    } finally {
      await s.close();
    }
  });
});
