/**
 * Requests that are the client's mistake answer 4xx with the error envelope, never 500 (issue 11,
 * items 1 and 2): multipart without a boundary or with a broken body, wrong content types, truncated
 * or non-object JSON, NUL characters, pages and ids beyond what the database can take.
 */
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { COMPRESSED_BODY_MESSAGE, EMPTY_JSON_MESSAGE, FORBIDDEN_KEY_MESSAGE, INVALID_JSON_MESSAGE } from '../src/app.js';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DIALECTS, FILES, formWith, signUp, signUpProvider, startTestServer, type TestServer, type TestUser } from './helpers.js';

function assertErrorEnvelope(body: unknown, what: string) {
  assert.ok(body && typeof body === 'object' && !Array.isArray(body), `${what}: JSON object`);
  const b = body as Record<string, unknown>;
  assert.equal(typeof b.message, 'string', `${what}: message`);
  assert.ok((b.message as string).length > 0, `${what}: message not empty`);
  for (const key of Object.keys(b)) assert.ok(key === 'message' || key === 'errors', `${what}: unexpected key ${key}`);
}

for (const dialect of DIALECTS) {
  describe(`malformed requests (${dialect})`, () => {
    let s: TestServer;
    let customer: TestUser;
    before(async () => {
      s = await startTestServer(dialect);
      customer = await signUp(s, 'Customer');
    });
    after(() => s.close());

    const raw = async (method: string, path: string, headers: Record<string, string>, body?: string | Buffer) => {
      const res = await s.app.inject({
        method: method as 'POST',
        url: path,
        headers: { authorization: `Bearer ${customer.token}`, ...headers },
        payload: body,
      });
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(res.body);
      } catch {
        /* checked below */
      }
      return {
        status: res.statusCode,
        body: parsed as { message: string; errors?: Record<string, string[]>; data?: unknown },
        text: res.body,
      };
    };

    for (const path of ['/api/auth/update-profile', '/api/chats']) {
      test(`${path}: multipart without a boundary is a 400 that says so`, async () => {
        const res = await raw('POST', path, { 'content-type': 'multipart/form-data' }, 'first_name=Ann');
        assert.equal(res.status, 400, res.text);
        assertErrorEnvelope(res.body, path);
        assert.match(res.body.message, /boundary/);
      });

      test(`${path}: a truncated or garbled multipart body is a 400`, async () => {
        const truncated = '--xx\r\nContent-Disposition: form-data; name="first_name"\r\n\r\nAnn';
        for (const body of [
          truncated,
          'garbage without any part',
          '--xx\r\nContent-Disposition: form-data; name="a"\r\nContent-Type: text/pl',
        ]) {
          const res = await raw('POST', path, { 'content-type': 'multipart/form-data; boundary=xx' }, body);
          assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
          assertErrorEnvelope(res.body, body);
        }
      });
    }

    test('a well-formed multipart profile update still works, file and fields', async () => {
      const res = await s.req('POST', '/api/auth/update-profile', {
        token: customer.token,
        form: formWith(
          { first_name: 'Multi', address: '1 Road' },
          { field: 'avatar', data: FILES.png, name: 'a.png', type: 'image/png' },
        ),
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.data.first_name, 'Multi');
      assert.match(res.body.data.avatar, /^\/uploads\//);
    });

    test('multipart over the limits: too many files or fields is a 413 with a message', async () => {
      const form = formWith({ first_name: 'A' });
      form.append('avatar', new Blob([FILES.png], { type: 'image/png' }), 'a.png');
      form.append('avatar2', new Blob([FILES.png], { type: 'image/png' }), 'b.png');
      const twoFiles = await s.req('POST', '/api/auth/update-profile', { token: customer.token, form });
      assert.equal(twoFiles.status, 413);
      assertErrorEnvelope(twoFiles.body, 'two files');

      const many = new FormData();
      for (let i = 0; i < 30; i++) many.append(`f${i}`, 'x');
      const manyFields = await s.req('POST', '/api/auth/update-profile', { token: customer.token, form: many });
      assert.equal(manyFields.status, 413);
      assertErrorEnvelope(manyFields.body, 'many fields');

      const proto = new FormData();
      proto.append('__proto__', 'x');
      const protoRes = await s.req('POST', '/api/auth/update-profile', { token: customer.token, form: proto });
      assert.equal(protoRes.status, 400);
    });

    test('a refused form is answered once its whole body is read: a client still writing gets the 413, not a reset', async () => {
      const provider = await signUp(s, 'Provider');
      const boundary = 'form-boundary-f10';
      const field = (name: string, value: string | number) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const fileHead = (name: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.png"\r\nContent-Type: image/png\r\n\r\n`;
      const image = Buffer.concat([FILES.png, Buffer.alloc(256 * 1024)]);
      const chunks = [
        Buffer.concat([
          Buffer.from(
            field('customer_id', customer.id) +
              field('provider_id', provider.id) +
              field('message_type', 'photo') +
              fileHead('attachment'),
          ),
          image,
          Buffer.from(`\r\n${fileHead('second')}`),
        ]),
        // The second file, written while the server has already refused the form.
        ...Array.from({ length: 4 }, (_, i) => image.subarray((i * image.length) / 4, ((i + 1) * image.length) / 4)),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ];
      const res = await postInChunks(
        `${s.url}/api/chats`,
        {
          authorization: `Bearer ${customer.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        chunks,
        100,
      );
      assert.equal(res.error, undefined, `socket error: ${res.error?.message}`);
      assert.equal(res.status, 413);
      assert.deepEqual(JSON.parse(res.body), { message: 'A form may carry at most 1 file.' });
    });

    test('JSON that is not an object, truncated JSON, invalid UTF-8 and wrong content types are 4xx', async () => {
      const cases: Array<[string, Record<string, string>, string | Buffer, number]> = [
        ['array', { 'content-type': 'application/json' }, '[1,2]', 400],
        ['string', { 'content-type': 'application/json' }, '"str"', 400],
        ['number', { 'content-type': 'application/json' }, '42', 400],
        ['null', { 'content-type': 'application/json' }, 'null', 400],
        ['truncated', { 'content-type': 'application/json' }, '{"first_name":', 400],
        ['empty', { 'content-type': 'application/json' }, '', 400],
        ['prototype', { 'content-type': 'application/json' }, '{"__proto__":{"x":1}}', 400],
        ['text/plain', { 'content-type': 'text/plain' }, 'first_name=Ann', 400],
        ['xml', { 'content-type': 'application/xml' }, '<a/>', 415],
      ];
      for (const [name, headers, body, status] of cases) {
        for (const path of ['/api/auth/update-profile', '/api/auth/login', '/api/storeContactUs']) {
          const res = await raw('POST', path, headers, body);
          assert.equal(res.status, status, `${name} ${path}: ${res.text}`);
          assertErrorEnvelope(res.body, `${name} ${path}`);
        }
      }
      // Invalid UTF-8 decodes to replacement characters: the email is then simply not an email.
      const bad = await raw(
        'POST',
        '/api/auth/login',
        { 'content-type': 'application/json' },
        Buffer.from([0x7b, 0x22, 0x65, 0x6d, 0x61, 0x69, 0x6c, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      );
      assert.equal(bad.status, 400);
      assertErrorEnvelope(bad.body, 'invalid utf-8');
      const arrayBody = await raw('POST', '/api/auth/login', { 'content-type': 'application/json' }, '[]');
      assert.equal(arrayBody.body.message, 'The request body must be a JSON object or a form.');
    });

    test('the answer says which is wrong: the JSON, a forbidden prototype key, or a compressed body', async () => {
      const json = { 'content-type': 'application/json' };
      const says = async (headers: Record<string, string>, body: string | Buffer, status: number, message: string) => {
        const res = await raw('POST', '/api/auth/login', headers, body);
        assert.equal(res.status, status, res.text);
        assert.deepEqual(res.body, { message });
      };
      await says(json, '{"email":', 400, INVALID_JSON_MESSAGE);
      await says(json, '', 400, EMPTY_JSON_MESSAGE);
      await says(json, '{"__proto__":{"x":1},"email":"a@b.co","password":"123456"}', 400, FORBIDDEN_KEY_MESSAGE);
      await says(json, '{"constructor":{"prototype":{"x":1}},"email":"a@b.co"}', 400, FORBIDDEN_KEY_MESSAGE);
      const login = JSON.stringify({ email: 'a@b.co', password: '123456' });
      await says({ ...json, 'content-encoding': 'gzip' }, gzipSync(login), 415, COMPRESSED_BODY_MESSAGE);
      await says(
        { 'content-type': 'application/x-www-form-urlencoded', 'content-encoding': 'br' },
        'email=a%40b.co',
        415,
        COMPRESSED_BODY_MESSAGE,
      );
      // Identity is no compression; a key merely named like one is data.
      const plain = await raw('POST', '/api/auth/login', { ...json, 'content-encoding': 'identity' }, login);
      assert.equal(plain.status, 401, plain.text);
      const named = await raw(
        'POST',
        '/api/storeContactUs',
        json,
        JSON.stringify({ name: '__proto__', email: 'a@b.co', message: 'constructor prototype' }),
      );
      assert.notEqual(named.body.message, FORBIDDEN_KEY_MESSAGE);
    });

    test('a NUL character in any text is a 400 naming the field', async () => {
      const res = await raw(
        'POST',
        '/api/auth/update-profile',
        { 'content-type': 'application/json' },
        JSON.stringify({ address: 'a\u0000b' }),
      );
      assert.equal(res.status, 400);
      assert.deepEqual(res.body.errors, { address: ['The address may not contain NUL characters.'] });
      const query = await raw('GET', '/api/dev/mail?to=%00', {});
      assert.equal(query.status, 400);
      const contact = await raw(
        'POST',
        '/api/storeContactUs',
        { 'content-type': 'application/json' },
        JSON.stringify({ title: 'x', message: '\u0000' }),
      );
      assert.equal(contact.status, 400);
    });

    test('half of a surrogate pair (a broken emoji) in any text is a 400 naming the field; whole emoji pass', async () => {
      const broken = await raw(
        'POST',
        '/api/storeContactUs',
        { 'content-type': 'application/json' },
        JSON.stringify({ title: 'Card issue', message: 'hi \ud800 there' }),
      );
      assert.equal(broken.status, 400);
      assert.deepEqual(broken.body.errors, {
        message: ['The message contains a broken character (half of an emoji or other symbol).'],
      });
      const whole = await raw(
        'POST',
        '/api/storeContactUs',
        { 'content-type': 'application/json' },
        JSON.stringify({ title: 'Card issue', message: 'hi 😀 there' }),
      );
      assert.equal(whole.status, 201);
    });

    test('pages beyond what the database can take are a 400, on every paginated list', async () => {
      for (const list of ['/api/jobs', '/api/notifications', '/api/chats/1/messages']) {
        for (const q of [
          'page=99999999999999999999',
          'page=1000001',
          'per_page=101',
          'page=0',
          'page=-1',
          'page=1e3',
          'page=0x10',
          'page=2.5',
          'per_page=abc',
          'page=1&page=2',
        ]) {
          const res = await raw('GET', `${list}?${q}`, {});
          assert.equal(res.status, 400, `${list}?${q}: ${res.text}`);
          assertErrorEnvelope(res.body, `${list}?${q}`);
        }
      }
      const last = await raw('GET', '/api/jobs?page=1000000&per_page=100', {});
      assert.equal(last.status, 200, last.text);
      assert.deepEqual(last.body.data, []);
      const notes = await raw('GET', '/api/notifications?page=1000000&per_page=100', {});
      assert.equal(notes.status, 200, notes.text);
    });

    test('ids in a path must be positive 32-bit integers written as such', async () => {
      const paths = [
        '/api/jobs/{}',
        '/api/notifications/{}/read',
        '/api/chats/{}/messages',
        '/api/providers/{}',
        '/api/user-services/{}',
        '/api/payment-methods/{}',
      ];
      for (const template of paths) {
        for (const id of [
          '1e309',
          '-1',
          '0',
          '0x10',
          '1.0',
          '1e3',
          '99999999999',
          '2147483648',
          '99999999999999999999999',
          'abc',
          '%20',
          '1%00',
        ]) {
          const method = template.includes('/read')
            ? 'POST'
            : template.startsWith('/api/user-services') || template.startsWith('/api/payment-methods')
              ? 'DELETE'
              : 'GET';
          const res = await raw(method, template.replace('{}', id), {});
          assert.ok(res.status === 400 || res.status === 404, `${method} ${template} ${id}: ${res.status} ${res.text}`);
          assertErrorEnvelope(res.body, `${template} ${id}`);
        }
      }
      const max = await raw('GET', '/api/jobs/2147483647', {});
      assert.equal(max.status, 404);
      const hex = await raw('GET', '/api/jobs/0x10', {});
      assert.deepEqual(hex.body, {
        message: 'The id must be a positive integer.',
        errors: { id: ['The id must be a positive integer.'] },
      });
    });

    test('integers in a JSON or form body beyond 32 bits are a 400, not a database error', async () => {
      for (const value of [1e20, 2147483648, -2147483649, 99999999999]) {
        const res = await raw(
          'POST',
          '/api/user-services',
          { 'content-type': 'application/json' },
          JSON.stringify({ service_id: value }),
        );
        assert.equal(res.status, 400, `${value}: ${res.text}`);
      }
      const form = await s.req('POST', '/api/chats', {
        token: customer.token,
        form: formWith({ customer_id: customer.id, provider_id: '0x10', message_type: 'text', message: 'hi' }),
      });
      assert.equal(form.status, 400);
      assertErrorEnvelope(form.body, 'hex in a form');
      const card = await raw(
        'POST',
        '/sandbox/v1/tokens',
        { 'content-type': 'application/json' },
        JSON.stringify({ card_name: 'A', card_number: '4242424242424242', exp_month: 1e20, exp_year: 2030, cvc: '123' }),
      );
      assert.equal(card.status, 400, card.text);
    });

    test('a number in a form must be a finite decimal: -1e500 is not a price below nothing, and changes nothing', async () => {
      const provider = await signUpProvider(s, 25);
      for (const price of ['-1e500', '1e500', 'Infinity', '0x10', ' 5', '5 ']) {
        const res = await s.req('POST', '/api/auth/update-profile', {
          token: provider.token,
          form: formWith({ basic_price: price }),
        });
        assert.equal(res.status, 400, `${JSON.stringify(price)}: ${JSON.stringify(res.body)}`);
        assertErrorEnvelope(res.body, price);
        assert.deepEqual(Object.keys((res.body as { errors: object }).errors), ['basic_price']);
      }
      const me = await s.req<{ data: { basic_price: number } }>('GET', '/api/auth/me', { token: provider.token });
      assert.equal(me.body.data.basic_price, 25);
      for (const price of ['30', '12.5', '2.5e1']) {
        const res = await s.req<{ data: { basic_price: number } }>('POST', '/api/auth/update-profile', {
          token: provider.token,
          form: formWith({ basic_price: price }),
        });
        assert.equal(res.status, 200, `${price}: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.data.basic_price, Number(price));
      }
      // JSON.parse reads 1e400 as Infinity.
      const json = await raw(
        'POST',
        '/api/auth/update-profile',
        { 'content-type': 'application/json', authorization: `Bearer ${provider.token}` },
        '{"basic_price":-1e400}',
      );
      assert.equal(json.status, 400, json.text);
    });
  });
}

/**
 * A POST written in `chunks`, `delayMs` apart (node:http, as a slow client or a browser streaming a
 * file does): its answer, and the socket error, if any, the client saw while writing.
 */
async function postInChunks(
  url: string,
  headers: Record<string, string>,
  chunks: Buffer[],
  delayMs: number,
): Promise<{ status?: number; body: string; error?: Error }> {
  const result: { status?: number; body: string; error?: Error } = { body: '' };
  const length = chunks.reduce((n, c) => n + c.length, 0);
  const req = http.request(url, { method: 'POST', headers: { ...headers, 'content-length': String(length) } });
  const answered = new Promise<void>((resolve) => {
    req.on('response', (res) => {
      result.status = res.statusCode;
      res.setEncoding('utf8');
      res.on('data', (text: string) => (result.body += text));
      res.on('end', resolve);
      res.on('error', resolve);
    });
    req.on('error', (err) => {
      result.error = err;
      resolve();
    });
  });
  const closed = new Promise((resolve) => req.on('close', resolve));
  const wrote = (err?: Error | null) => {
    if (err) result.error ??= err;
  };
  for (const [i, chunk] of chunks.entries()) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    // Written even when the connection is gone, as a browser streaming the body does: that is the failure.
    req.write(chunk, wrote);
  }
  req.end(wrote);
  await Promise.all([answered, closed]);
  return result;
}

describe('errors Fastify answers before any route (no database needed)', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer('sqlite');
  });
  after(() => s.close());

  test('a malformed %-escape or an overlong path parameter is answered in the envelope', async () => {
    for (const url of ['/api/jobs/%', '/api/%E0%A4%A', '/uploads/%', '/api/jobs/%FF?x=1']) {
      const res = await s.app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 400, url);
      assert.deepEqual(res.json(), { message: 'The URL is malformed (an invalid %-escape).' });
    }
    const long = await s.app.inject({ method: 'GET', url: `/api/jobs/${'1'.repeat(300)}` });
    assert.equal(long.statusCode, 414);
    assert.deepEqual(long.json(), { message: 'A part of the URL is too long.' });
  });
});
