import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DIALECTS, ensureService, FILES, formWith, signUp, startTestServer, uniqueEmail, type TestServer } from './helpers.js';

for (const dialect of DIALECTS) {
  describe(`auth (${dialect})`, () => {
    let s: TestServer;
    before(async () => {
      s = await startTestServer(dialect);
    });
    after(() => s.close());

    const register = (over: Record<string, unknown> = {}) =>
      s.req('POST', '/api/auth/register', {
        json: {
          first_name: 'Ann',
          last_name: 'Lee',
          email: uniqueEmail(),
          password: 'secret123',
          password_confirmation: 'secret123',
          role: 'Customer',
          ...over,
        },
      });

    describe('register', () => {
      test('creates a user and answers it without secrets', async () => {
        const email = uniqueEmail();
        const res = await register({ email: email.toUpperCase(), role: 'Provider' });
        assert.equal(res.status, 201);
        assert.equal(typeof res.body.message, 'string');
        const u = res.body.data;
        assert.equal(u.email, email);
        assert.equal(u.full_name, 'Ann Lee');
        assert.equal(u.role, 'Provider');
        assert.equal(u.completed_jobs, 0);
        assert.equal(u.total_provider_jobs, 0);
        assert.equal(u.avatar, null);
        assert.equal(u.password, undefined);
        assert.equal(u.password_hash, undefined);
      });

      test('spec validation messages per field', async () => {
        const res = await s.req('POST', '/api/auth/register', { json: {} });
        assert.equal(res.status, 400);
        assert.deepEqual(res.body.errors.first_name, ['Required']);
        assert.deepEqual(res.body.errors.last_name, ['Required']);
        assert.deepEqual(res.body.errors.email, ['Email is required']);
        assert.deepEqual(res.body.errors.password, ['Password is required']);
        assert.deepEqual(res.body.errors.password_confirmation, ['Confirm password is required']);
        assert.ok(res.body.errors.role);
        assert.equal(typeof res.body.message, 'string');

        const bad = await register({
          first_name: 'A'.repeat(16),
          email: 'not-an-email',
          password: '12345',
          password_confirmation: '12345',
        });
        assert.equal(bad.status, 400);
        assert.deepEqual(bad.body.errors.first_name, ['Must be 15 characters or less']);
        assert.deepEqual(bad.body.errors.email, ['Email is invalid']);
        assert.deepEqual(bad.body.errors.password, ['Password must be at least 6 charaters']);

        // The forms check the same rule (shared EMAIL_ADDRESS_PATTERN): a domain needs a dot.
        for (const email of ['a@b', 'ada..l@example.com']) {
          const refused = await register({ email });
          assert.equal(refused.status, 400, email);
          assert.deepEqual(refused.body.errors, { email: ['Email is invalid'] });
        }

        const mismatch = await register({ password_confirmation: 'other123' });
        assert.equal(mismatch.status, 400);
        assert.equal(mismatch.body.message, 'Password must match');
        assert.deepEqual(mismatch.body.errors, { password_confirmation: ['Password must match'] });

        const role = await register({ role: 'Admin' });
        assert.equal(role.status, 400);
        assert.deepEqual(role.body.errors.role, ['The role must be Customer or Provider.']);
      });

      test('a name of only whitespace or zero-width characters is missing: Required', async () => {
        for (const blank of ['   ', ' \t\n', '\u200b', '\u200c\u200d', ' \u2060 ', '\ufeff']) {
          const res = await register({ first_name: blank, last_name: blank });
          assert.equal(res.status, 400, JSON.stringify(blank));
          assert.equal(res.body.message, 'Required');
          assert.deepEqual(res.body.errors.first_name, ['Required']);
          assert.deepEqual(res.body.errors.last_name, ['Required']);
        }
        const padded = await register({ first_name: '  Ann ', last_name: '\u200bLee' });
        assert.equal(padded.status, 201);
        assert.equal(padded.body.data.first_name, 'Ann');
      });

      test('a name that shows nothing, or carries line breaks, control characters or direction overrides, is refused', async () => {
        for (const blank of ['\u3164', '\u2800\u00ad', '\u034f\u200e', '\u202e']) {
          const res = await register({ first_name: blank });
          assert.equal(res.status, 400, JSON.stringify(blank));
          assert.deepEqual(res.body.errors.first_name, ['Required'], JSON.stringify(blank));
        }
        for (const odd of ['Ann\nLee', 'Ann\u0007', '\u202egnp.exe', 'Ann\u2066x', 'Ann\tLee']) {
          const res = await register({ first_name: odd });
          assert.equal(res.status, 400, JSON.stringify(odd));
          assert.deepEqual(
            res.body.errors.first_name,
            ['Must not contain line breaks or control characters'],
            JSON.stringify(odd),
          );
        }
        const kept = await register({ first_name: 'José 李', last_name: "O'Brien-😀" });
        assert.equal(kept.status, 201);
        assert.equal(kept.body.data.last_name, "O'Brien-😀");
      });

      test('a value of the wrong JSON type is refused, not coerced', async () => {
        for (const [field, value, message] of [
          ['first_name', false, 'The first_name must be a string.'],
          ['last_name', [123], 'The last_name must be a string.'],
          ['first_name', { a: 1 }, 'The first_name must be a string.'],
          ['first_name', null, 'The first_name must be a string.'],
          ['email', ['a@example.com'], 'Email is invalid'],
        ] as const) {
          const res = await register({ [field]: value });
          assert.equal(res.status, 400, `${field}: ${JSON.stringify(value)}`);
          assert.equal(res.body.message, message);
          assert.deepEqual(res.body.errors[field], [message]);
        }
      });

      test('an email is taken once, case-insensitively', async () => {
        const email = uniqueEmail();
        assert.equal((await register({ email })).status, 201);
        const again = await register({ email: email.toUpperCase() });
        assert.equal(again.status, 400);
        assert.deepEqual(again.body.errors.email, ['The email has already been taken.']);
      });

      test('malformed JSON is a 400, never a 500', async () => {
        const res = await fetch(`${s.url}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"a":',
        });
        assert.equal(res.status, 400);
        assert.equal(typeof ((await res.json()) as { message: unknown }).message, 'string');
      });
    });

    describe('login, me, logout', () => {
      test('login answers data.user and data.token; me answers the user with fresh counters', async () => {
        const u = await signUp(s, 'Customer');
        assert.ok(u.token.length >= 22);
        const me = await s.req('GET', '/api/auth/me', { token: u.token });
        assert.equal(me.status, 200);
        assert.equal(me.body.data.id, u.id);
        assert.equal(me.body.data.email, u.email);
        assert.equal(me.body.data.completed_jobs, 0);
        // The token is stored hashed, never as is.
        const rows = await s.app.ctx.db.selectFrom('api_tokens').select('token_hash').where('user_id', '=', u.id).execute();
        assert.equal(rows.length, 1);
        assert.notEqual(rows[0].token_hash, u.token);
      });

      test("a provider's login and me say how many services they offer (none yet for a new one); a customer's say nothing", async () => {
        const provider = await signUp(s, 'Provider');
        const login = await s.req('POST', '/api/auth/login', {
          json: { email: provider.email, password: provider.password, device_id: 'd', role: 'Provider' },
        });
        assert.equal(login.body.data.user.services_offered, 0);
        const serviceId = await ensureService(s);
        assert.equal(
          (await s.req('POST', '/api/user-services', { token: provider.token, json: { service_id: serviceId } })).status,
          201,
        );
        const me = await s.req('GET', '/api/auth/me', { token: provider.token });
        assert.equal(me.body.data.services_offered, 1);
        const customer = await signUp(s, 'Customer');
        const customerMe = await s.req('GET', '/api/auth/me', { token: customer.token });
        assert.equal(customerMe.body.data.services_offered, undefined);
      });

      test('wrong password or unknown email: 401 with one message', async () => {
        const u = await signUp(s, 'Customer');
        const wrong = await s.req('POST', '/api/auth/login', {
          json: { email: u.email, password: 'nope1234', role: 'Customer' },
        });
        assert.equal(wrong.status, 401);
        const unknown = await s.req('POST', '/api/auth/login', {
          json: { email: uniqueEmail(), password: 'nope1234', role: 'Customer' },
        });
        assert.equal(unknown.status, 401);
        assert.equal(wrong.body.message, unknown.body.message);
      });

      test('a role that does not match the account is refused clearly', async () => {
        const u = await signUp(s, 'Customer');
        const res = await s.req('POST', '/api/auth/login', {
          json: { email: u.email, password: u.password, device_id: 'd', role: 'Provider' },
        });
        assert.equal(res.status, 403);
        assert.match(res.body.message, /registered as a Customer/);
        assert.equal(res.body.data, undefined);
      });

      test('login validation uses the spec messages', async () => {
        const res = await s.req('POST', '/api/auth/login', { json: { email: '', password: '' } });
        assert.equal(res.status, 400);
        assert.deepEqual(res.body.errors.email, ['Email is required']);
        assert.deepEqual(res.body.errors.password, ['Password is required']);
        const short = await s.req('POST', '/api/auth/login', { json: { email: 'a@b.co', password: '12345' } });
        assert.deepEqual(short.body.errors.password, ['Password must be at least 6 charaters']);
        const res2 = await s.req('POST', '/api/auth/login', { json: {} });
        assert.deepEqual(res2.body.errors.email, ['Email is required']);
        assert.deepEqual(res2.body.errors.password, ['Password is required']);
      });

      test('me needs a valid bearer token', async () => {
        assert.equal((await s.req('GET', '/api/auth/me')).status, 401);
        assert.equal((await s.req('GET', '/api/auth/me', { token: 'made-up' })).status, 401);
        assert.equal((await s.req('GET', '/api/auth/me', { headers: { authorization: 'Basic abc' } })).status, 401);
      });

      test('logout revokes the token, and only that one', async () => {
        const u = await signUp(s, 'Provider');
        const second = await s.req('POST', '/api/auth/login', {
          json: { email: u.email, password: u.password, role: 'Provider' },
        });
        const out = await s.req('POST', '/api/auth/logout', { token: u.token });
        assert.equal(out.status, 200);
        // Its realtime subscriptions end too (the user's other sessions subscribe again with their own token).
        assert.deepEqual(
          s.publisher.connectionsEnded.filter((id) => id === u.id),
          [u.id],
        );
        assert.equal((await s.req('GET', '/api/auth/me', { token: u.token })).status, 401);
        assert.equal((await s.req('GET', '/api/auth/me', { token: second.body.data.token })).status, 200);
        assert.equal((await s.req('POST', '/api/auth/logout')).status, 401);
      });

      test('throttling: 5 failed tries a minute per email and IP, then 429', async () => {
        const u = await signUp(s, 'Customer');
        const other = await signUp(s, 'Customer');
        for (let i = 0; i < 5; i += 1) {
          const r = await s.req('POST', '/api/auth/login', {
            json: { email: u.email, password: 'wrong-pass', role: 'Customer' },
          });
          assert.equal(r.status, 401);
        }
        const blocked = await s.req('POST', '/api/auth/login', {
          json: { email: u.email, password: u.password, role: 'Customer' },
        });
        assert.equal(blocked.status, 429);
        assert.ok(Number(blocked.headers.get('retry-after')) > 0);
        assert.match(blocked.body.message, /Too many login attempts/);
        // Another email from the same IP is not affected.
        const fine = await s.req('POST', '/api/auth/login', {
          json: { email: other.email, password: other.password, role: 'Customer' },
        });
        assert.equal(fine.status, 200);
        s.clock.advance(61_000);
        const again = await s.req('POST', '/api/auth/login', {
          json: { email: u.email, password: u.password, role: 'Customer' },
        });
        assert.equal(again.status, 200);
      });
    });

    describe('password reset with OTP', () => {
      const latestCode = async (email: string) => {
        const mail = await s.req('GET', `/api/dev/mail?to=${encodeURIComponent(email)}`);
        assert.equal(mail.status, 200);
        const text: string = mail.body.data[0].text;
        return /\b(\d{6})\b/.exec(text)![1];
      };

      test('mails a 6-digit code; the code sets the new password once; old tokens are revoked', async () => {
        const u = await signUp(s, 'Customer');
        const res = await s.req('POST', '/api/auth/reset-password', { json: { email: u.email } });
        assert.equal(res.status, 200);
        assert.equal(res.body.message, 'Email has been sent to your email address');
        const mail = await s.req('GET', `/api/dev/mail?to=${encodeURIComponent(u.email)}`);
        assert.equal(mail.body.data.length, 1);
        assert.equal(mail.body.data[0].to, u.email);
        assert.equal(typeof mail.body.data[0].subject, 'string');
        assert.ok(mail.body.data[0].created_at);
        const code = await latestCode(u.email);

        const done = await s.req('POST', '/api/auth/forgot', { json: { email: u.email, otp: code, password: 'brandnew1' } });
        assert.equal(done.status, 200);
        // The account's role, for its login form (a provider's login is not set to Customer).
        assert.deepEqual(done.body.data, { role: 'Customer' });
        assert.equal((await s.req('GET', '/api/auth/me', { token: u.token })).status, 401);
        // Every session was revoked, and with them what they had subscribed to.
        assert.deepEqual(
          s.publisher.connectionsEnded.filter((id) => id === u.id),
          [u.id],
        );
        assert.equal(
          (await s.req('POST', '/api/auth/login', { json: { email: u.email, password: 'brandnew1', role: 'Customer' } })).status,
          200,
        );
        assert.equal(
          (await s.req('POST', '/api/auth/login', { json: { email: u.email, password: u.password, role: 'Customer' } })).status,
          401,
        );

        const reuse = await s.req('POST', '/api/auth/forgot', { json: { email: u.email, otp: code, password: 'another12' } });
        assert.equal(reuse.status, 400);
        assert.ok(reuse.body.errors.otp);
      });

      test("a provider's new password answers their role, which their login form takes", async () => {
        const p = await signUp(s, 'Provider');
        await s.req('POST', '/api/auth/reset-password', { json: { email: p.email } });
        const code = await latestCode(p.email);
        const done = await s.req('POST', '/api/auth/forgot', { json: { email: p.email, otp: code, password: 'brandnew1' } });
        assert.equal(done.status, 200);
        assert.deepEqual(done.body.data, { role: 'Provider' });
      });

      test('a wrong code reads the same for an account and for an address that has none (the step reveals no account)', async () => {
        const u = await signUp(s, 'Customer');
        await s.req('POST', '/api/auth/reset-password', { json: { email: u.email } });
        const code = await latestCode(u.email);
        const wrong = code === '000000' ? '111111' : '000000';
        const nobody = `nobody-${Date.now()}@example.com`;
        await s.req('POST', '/api/auth/reset-password', { json: { email: nobody } });
        const [known, unknown] = await Promise.all(
          [u.email, nobody].map((email) =>
            s.req('POST', '/api/auth/forgot', { json: { email, otp: wrong, password: 'brandnew1' } }),
          ),
        );
        assert.equal(known.status, 400);
        assert.deepEqual(known.body, unknown.body);
        assert.deepEqual(known.body.errors.otp, ['The OTP is invalid or has expired.']);
      });

      test('the code expires after 10 minutes', async () => {
        const u = await signUp(s, 'Customer');
        await s.req('POST', '/api/auth/reset-password', { json: { email: u.email } });
        const code = await latestCode(u.email);
        s.clock.advance(10 * 60_000 + 1);
        const res = await s.req('POST', '/api/auth/forgot', { json: { email: u.email, otp: code, password: 'brandnew1' } });
        assert.equal(res.status, 400);
        assert.deepEqual(res.body.errors.otp, ['The OTP is invalid or has expired.']);
      });

      test('5 wrong tries lock the code, even for the right one', async () => {
        const u = await signUp(s, 'Customer');
        await s.req('POST', '/api/auth/reset-password', { json: { email: u.email } });
        const code = await latestCode(u.email);
        const wrong = code === '000000' ? '111111' : '000000';
        for (let i = 0; i < 5; i += 1) {
          const r = await s.req('POST', '/api/auth/forgot', { json: { email: u.email, otp: wrong, password: 'brandnew1' } });
          assert.equal(r.status, 400);
        }
        const locked = await s.req('POST', '/api/auth/forgot', { json: { email: u.email, otp: code, password: 'brandnew1' } });
        assert.equal(locked.status, 429);
        assert.equal(
          (await s.req('POST', '/api/auth/login', { json: { email: u.email, password: 'brandnew1', role: 'Customer' } })).status,
          401,
        );
      });

      test('a new code replaces the previous one', async () => {
        const u = await signUp(s, 'Customer');
        await s.req('POST', '/api/auth/reset-password', { json: { email: u.email } });
        const first = await latestCode(u.email);
        s.clock.advance(1000);
        await s.req('POST', '/api/auth/reset-password', { json: { email: u.email } });
        const second = await latestCode(u.email);
        if (first !== second) {
          const old = await s.req('POST', '/api/auth/forgot', { json: { email: u.email, otp: first, password: 'brandnew1' } });
          assert.equal(old.status, 400);
        }
        assert.equal(
          (await s.req('POST', '/api/auth/forgot', { json: { email: u.email, otp: second, password: 'brandnew1' } })).status,
          200,
        );
      });

      test('requests are limited per email; unknown emails get the same answer and no mail', async () => {
        const u = await signUp(s, 'Customer');
        for (let i = 0; i < 3; i += 1) {
          assert.equal((await s.req('POST', '/api/auth/reset-password', { json: { email: u.email } })).status, 200);
        }
        const limited = await s.req('POST', '/api/auth/reset-password', { json: { email: u.email } });
        assert.equal(limited.status, 429);
        const nobody = uniqueEmail();
        const res = await s.req('POST', '/api/auth/reset-password', { json: { email: nobody } });
        assert.equal(res.status, 200);
        assert.equal(res.body.message, 'Email has been sent to your email address');
        assert.deepEqual((await s.req('GET', `/api/dev/mail?to=${nobody}`)).body.data, []);
      });

      test('validation: OTP required, email valid, password length', async () => {
        const res = await s.req('POST', '/api/auth/forgot', { json: { email: 'x', otp: '', password: '123' } });
        assert.equal(res.status, 400);
        assert.deepEqual(res.body.errors.otp, ['OTP is required']);
        assert.deepEqual(res.body.errors.email, ['Email is invalid']);
        assert.deepEqual(res.body.errors.password, ['Password must be at least 6 charaters']);
        const bad = await s.req('POST', '/api/auth/reset-password', { json: { email: 'nope' } });
        assert.equal(bad.status, 400);
        assert.deepEqual(bad.body.errors.email, ['Email is invalid']);
      });
    });

    describe('update-profile', () => {
      test('multipart with an avatar: the user is updated and the image served with its type', async () => {
        const u = await signUp(s, 'Customer');
        const form = formWith(
          {
            first_name: 'Zoe',
            last_name: 'Park',
            phone: '9876543210',
            address: '221B Baker Street',
            bio: 'ignored for customers',
          },
          { field: 'avatar', data: FILES.png, name: 'me.png', type: 'image/png' },
        );
        const res = await s.req('POST', '/api/auth/update-profile', { token: u.token, form });
        assert.equal(res.status, 200);
        const user = res.body.data;
        assert.equal(user.full_name, 'Zoe Park');
        assert.equal(user.phone, '9876543210');
        assert.equal(user.address, '221B Baker Street');
        assert.equal(user.bio, undefined);
        assert.match(user.avatar, /^\/uploads\/[a-f0-9]{32}\.png$/);
        const img = await fetch(s.url + user.avatar);
        assert.equal(img.status, 200);
        assert.equal(img.headers.get('content-type'), 'image/png');
        assert.equal(img.headers.get('x-content-type-options'), 'nosniff');
        assert.deepEqual(Buffer.from(await img.arrayBuffer()), FILES.png);

        // Replacing the avatar removes the old file.
        const again = await s.req('POST', '/api/auth/update-profile', {
          token: u.token,
          form: formWith({}, { field: 'avatar', data: FILES.png, name: 'x.png', type: 'image/png' }),
        });
        assert.notEqual(again.body.data.avatar, user.avatar);
        assert.equal((await fetch(s.url + user.avatar)).status, 404);
      });

      test('providers also set bio, year_of_exp and basic_price', async () => {
        const p = await signUp(s, 'Provider');
        const res = await s.req('POST', '/api/auth/update-profile', {
          token: p.token,
          form: formWith({ bio: 'Night driver', year_of_exp: 7, basic_price: '30.5' }),
        });
        assert.equal(res.status, 200);
        assert.equal(res.body.data.bio, 'Night driver');
        assert.equal(res.body.data.year_of_exp, 7);
        assert.equal(res.body.data.basic_price, 30.5);
      });

      test('an avatar that is not an image by content is refused (400)', async () => {
        const u = await signUp(s, 'Customer');
        const before = await fs_list(s.uploadsDir);
        const res = await s.req('POST', '/api/auth/update-profile', {
          token: u.token,
          form: formWith({}, { field: 'avatar', data: FILES.html, name: 'evil.png', type: 'image/png' }),
        });
        assert.equal(res.status, 400);
        assert.ok(res.body.errors.avatar);
        const pdf = await s.req('POST', '/api/auth/update-profile', {
          token: u.token,
          form: formWith({}, { field: 'avatar', data: FILES.pdf, name: 'cv.pdf', type: 'application/pdf' }),
        });
        assert.equal(pdf.status, 400);
        assert.deepEqual(await fs_list(s.uploadsDir), before);
        assert.equal((await s.req('GET', '/api/auth/me', { token: u.token })).body.data.avatar, null);
      });

      test('a 6 MB avatar is refused with 413', async () => {
        const u = await signUp(s, 'Customer');
        const big = Buffer.concat([FILES.png, Buffer.alloc(6 * 1024 * 1024)]);
        const res = await s.req('POST', '/api/auth/update-profile', {
          token: u.token,
          form: formWith({ first_name: 'Big' }, { field: 'avatar', data: big, name: 'big.png', type: 'image/png' }),
        });
        assert.equal(res.status, 413);
        assert.equal(typeof res.body.message, 'string');
        const me = await s.req('GET', '/api/auth/me', { token: u.token });
        assert.equal(me.body.data.first_name, 'Cara');
      });

      test('validation and authentication', async () => {
        const u = await signUp(s, 'Customer');
        const res = await s.req('POST', '/api/auth/update-profile', {
          token: u.token,
          form: formWith({ first_name: 'A'.repeat(16), phone: 'call me' }),
        });
        assert.equal(res.status, 400);
        assert.deepEqual(res.body.errors.first_name, ['Must be 15 characters or less']);
        assert.ok(res.body.errors.phone);
        assert.equal((await s.req('POST', '/api/auth/update-profile', { form: formWith({ first_name: 'X' }) })).status, 401);
      });

      test("deviation 3's rules hold on the API too: a phone with fewer than 6 digits or an address under 6 characters is refused", async () => {
        const u = await signUp(s, 'Customer');
        const phone = await s.req('POST', '/api/auth/update-profile', { token: u.token, json: { phone: '( )-+' } });
        assert.equal(phone.status, 400);
        assert.deepEqual(phone.body.errors, { phone: ['Phone must be at least 6 digits'] });
        const address = await s.req('POST', '/api/auth/update-profile', { token: u.token, json: { address: ' x ' } });
        assert.equal(address.status, 400);
        assert.deepEqual(address.body.errors, { address: ['Address must be at least 6 characters'] });
        const before = await s.req('GET', '/api/auth/me', { token: u.token });
        assert.equal(before.body.data.phone, null, 'nothing stored');
        assert.equal(before.body.data.address, null);

        const fine = await s.req('POST', '/api/auth/update-profile', {
          token: u.token,
          json: { phone: '+44 (20) 7946-0958', address: '1 Pick Street' },
        });
        assert.equal(fine.status, 200);
        assert.equal(fine.body.data.phone, '+44 (20) 7946-0958');
        const cleared = await s.req('POST', '/api/auth/update-profile', { token: u.token, json: { phone: '', address: '  ' } });
        assert.equal(cleared.status, 200);
        assert.equal(cleared.body.data.phone, null);
        assert.equal(cleared.body.data.address, null);
      });

      test('a blank name is Required, as JSON or as a form, and the stored names stay', async () => {
        const u = await signUp(s, 'Customer');
        const json = await s.req('POST', '/api/auth/update-profile', {
          token: u.token,
          json: { first_name: '   ', last_name: '\u200b\u200b' },
        });
        assert.equal(json.status, 400);
        assert.equal(json.body.message, 'Required');
        assert.deepEqual(json.body.errors, { first_name: ['Required'], last_name: ['Required'] });
        const form = await s.req('POST', '/api/auth/update-profile', {
          token: u.token,
          form: formWith({ first_name: ' \ufeff ' }),
        });
        assert.equal(form.status, 400);
        assert.equal(form.body.message, 'Required');
        const me = await s.req('GET', '/api/auth/me', { token: u.token });
        assert.equal(me.body.data.full_name, 'Cara Test');
      });

      test('JSON types are not coerced; a form still gives numbers and flags as text', async () => {
        const p = await signUp(s, 'Provider');
        for (const [field, value, message] of [
          ['year_of_exp', true, 'The year_of_exp must be an integer or null.'],
          ['year_of_exp', [3], 'The year_of_exp must be an integer or null.'],
          ['basic_price', { amount: 5 }, 'The basic_price must be a number or null.'],
          ['email_notifications', null, 'The email notifications field must be true or false.'],
          ['email_notifications', [true], 'The email notifications field must be true or false.'],
          ['phone', false, 'The phone must be a string or null.'],
        ] as const) {
          const res = await s.req('POST', '/api/auth/update-profile', { token: p.token, json: { [field]: value } });
          assert.equal(res.status, 400, `${field}: ${JSON.stringify(value)}`);
          assert.equal(res.body.message, message);
          assert.deepEqual(res.body.errors[field], [message]);
        }
        const me = await s.req('GET', '/api/auth/me', { token: p.token });
        assert.equal(me.body.data.year_of_exp, null);
        assert.equal(me.body.data.email_notifications, true);

        // What may stay: null where the field is nullable, a number for a text (a phone sent as one).
        const nullable = await s.req('POST', '/api/auth/update-profile', {
          token: p.token,
          json: { year_of_exp: null, phone: 9876543210 },
        });
        assert.equal(nullable.status, 200);
        assert.equal(nullable.body.data.phone, '9876543210');
        const form = await s.req('POST', '/api/auth/update-profile', {
          token: p.token,
          form: formWith({ year_of_exp: 4, basic_price: '12.5', email_notifications: 'false' }),
        });
        assert.equal(form.status, 200);
        assert.equal(form.body.data.year_of_exp, 4);
        assert.equal(form.body.data.basic_price, 12.5);
        assert.equal(form.body.data.email_notifications, false);
        // A number cleared in the form (sent as an empty text) is no value, as null is.
        const cleared = await s.req('POST', '/api/auth/update-profile', {
          token: p.token,
          form: formWith({ year_of_exp: '', basic_price: '' }),
        });
        assert.equal(cleared.status, 200, JSON.stringify(cleared.body));
        assert.equal(cleared.body.data.year_of_exp, null);
        assert.equal(cleared.body.data.basic_price, null);
      });

      test('a file in a text field is refused; the name is not set to the file name', async () => {
        const u = await signUp(s, 'Customer');
        const res = await s.req('POST', '/api/auth/update-profile', {
          token: u.token,
          form: formWith({}, { field: 'first_name', data: FILES.png, name: 'evil.png', type: 'image/png' }),
        });
        assert.equal(res.status, 400);
        assert.equal(res.body.message, 'The first_name must be text, not a file.');
        assert.deepEqual(res.body.errors, { first_name: ['The first_name must be text, not a file.'] });
        const me = await s.req('GET', '/api/auth/me', { token: u.token });
        assert.equal(me.body.data.first_name, 'Cara');
      });

      test('text in the avatar field is refused, not ignored with a success; the profile is unchanged', async () => {
        const u = await signUp(s, 'Customer');
        const asForm = await s.req('POST', '/api/auth/update-profile', {
          token: u.token,
          form: formWith({ first_name: 'Dora', avatar: 'hello' }),
        });
        const asJson = await s.req('POST', '/api/auth/update-profile', {
          token: u.token,
          json: { first_name: 'Dora', avatar: 'hello' },
        });
        for (const res of [asForm, asJson]) {
          assert.equal(res.status, 400, JSON.stringify(res.body));
          assert.deepEqual(res.body, {
            message: 'The avatar must be a file.',
            errors: { avatar: ['The avatar must be a file.'] },
          });
        }
        const me = await s.req('GET', '/api/auth/me', { token: u.token });
        assert.equal(me.body.data.first_name, 'Cara');
      });
    });
  });
}

async function fs_list(dir: string): Promise<string[]> {
  const fs = await import('node:fs/promises');
  try {
    return await fs.readdir(dir);
  } catch {
    return [];
  }
}
