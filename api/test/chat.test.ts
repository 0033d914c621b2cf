import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DIALECTS, FILES, formWith, signUp, startTestServer, type TestServer, type TestUser } from './helpers.js';
import type { AppNotification, Chat, Message } from 'shared/src/contracts/entities';

for (const dialect of DIALECTS) {
  describe(`chat, broadcasting auth and notifications (${dialect})`, () => {
    let s: TestServer;
    let customer: TestUser;
    let provider: TestUser;
    let otherCustomer: TestUser;
    let otherProvider: TestUser;
    before(async () => {
      s = await startTestServer(dialect);
      [customer, provider, otherCustomer, otherProvider] = await Promise.all([
        signUp(s, 'Customer'),
        signUp(s, 'Provider'),
        signUp(s, 'Customer'),
        signUp(s, 'Provider'),
      ]);
    });
    after(() => s.close());

    const sendText = (from: TestUser, message: string, c = customer, p = provider) =>
      s.req('POST', '/api/chats', {
        token: from.token,
        form: formWith({ customer_id: c.id, provider_id: p.id, message_type: 'text', message }),
      });
    /** A message of any type from `from` into the customer–provider chat, with an optional attachment. */
    const sendMessage = (
      from: TestUser,
      message_type: string,
      message: string,
      attachment?: { data: Buffer; name: string; type: string },
    ) =>
      s.req('POST', '/api/chats', {
        token: from.token,
        form: formWith(
          { customer_id: customer.id, provider_id: provider.id, message_type, message },
          attachment && { field: 'attachment', ...attachment },
        ),
      });

    test('a message sent again with its Idempotency-Key (its answer was lost) is stored and published once', async () => {
      const key = `msg-${Date.now()}-retry`;
      const sendKeyed = (from: TestUser, message: string, idempotencyKey: string) =>
        s.req('POST', '/api/chats', {
          token: from.token,
          headers: { 'idempotency-key': idempotencyKey },
          form: formWith({ customer_id: otherCustomer.id, provider_id: otherProvider.id, message_type: 'text', message }),
        });
      const first = await sendKeyed(otherCustomer, 'Are you near?', key);
      assert.equal(first.status, 201);
      const published = () => s.publisher.events.filter((e) => e.event === 'Message' && e.data.id === first.body.data.id).length;
      await s.publisher.waitFor((e) => e.event === 'Message' && e.data.id === first.body.data.id);
      const publishedOnce = published();

      const again = await sendKeyed(otherCustomer, 'Are you near?', key);
      assert.equal(again.status, 201);
      assert.deepEqual(again.body.data, first.body.data);
      const [customerSide, providerSide] = await Promise.all(
        [otherCustomer, otherProvider].map((u) => s.req<{ data: Chat[] }>('GET', '/api/chats', { token: u.token })),
      );
      const chat = customerSide.body.data.find((c) => c.provider_id === otherProvider.id)!;
      const messages = await s.req<{ data: { messages: Message[] } }>('GET', `/api/chats/${chat.id}/messages`, {
        token: otherProvider.token,
      });
      assert.equal(messages.body.data.messages.filter((m) => m.message === 'Are you near?').length, 1);
      assert.ok(providerSide.body.data.some((c) => c.id === chat.id));
      assert.equal(published(), publishedOnce);
      // The sender reads their message with its key (the tab that sent it knows it went through); nobody else does.
      assert.equal(first.body.data.client_key, key);
      const asSender = await s.req<{ data: { messages: Message[] } }>('GET', `/api/chats/${chat.id}/messages`, {
        token: otherCustomer.token,
      });
      assert.equal(asSender.body.data.messages.find((m) => m.id === first.body.data.id)?.client_key, key);
      assert.equal(messages.body.data.messages.find((m) => m.id === first.body.data.id)?.client_key, undefined);
      const live = s.publisher.events.filter((e) => e.event === 'Message' && e.data.id === first.body.data.id);
      assert.ok(live.every((e) => !('client_key' in e.data)));

      // The key is the sender's own: the other party's same key is a message of theirs.
      const reply = await s.req('POST', '/api/chats', {
        token: otherProvider.token,
        headers: { 'idempotency-key': key },
        form: formWith({ customer_id: otherCustomer.id, provider_id: otherProvider.id, message_type: 'text', message: 'Yes' }),
      });
      assert.equal(reply.status, 201);
      assert.notEqual(reply.body.data.id, first.body.data.id);
      // A malformed key is the client's mistake: 400 with the reason, nothing stored.
      const bad = await sendKeyed(otherCustomer, 'Bad key', 'no spaces allowed');
      assert.equal(bad.status, 400);
      assert.match(JSON.stringify(bad.body), /Idempotency-Key header must be 8 to 100/);
    });

    test('an Idempotency-Key sent again with another message or to another chat is a 409 and sends nothing', async () => {
      const key = `msg-${Date.now()}-reused`;
      const keyed = (to: TestUser, message: string, attachment?: { data: Buffer; name: string; type: string }) =>
        s.req('POST', '/api/chats', {
          token: otherCustomer.token,
          headers: { 'idempotency-key': key },
          form: formWith(
            { customer_id: otherCustomer.id, provider_id: to.id, message_type: attachment ? 'attachment' : 'text', message },
            attachment && { field: 'attachment', ...attachment },
          ),
        });
      const first = await keyed(otherProvider, 'Meet at five');
      assert.equal(first.status, 201);
      const published = s.publisher.events.length;
      const refusals = [
        await keyed(otherProvider, 'Meet at six'),
        await keyed(provider, 'Meet at five'),
        await keyed(otherProvider, '', { data: FILES.pdf, name: 'five.pdf', type: 'application/pdf' }),
      ];
      for (const refused of refusals) {
        assert.equal(refused.status, 409, JSON.stringify(refused.body));
        assert.match(refused.body.message, /already sent with this Idempotency-Key/);
      }
      // The same message again is still the retry it was.
      const again = await keyed(otherProvider, ' Meet at five ');
      assert.equal(again.status, 201);
      assert.equal(again.body.data.id, first.body.data.id);
      assert.equal(s.publisher.events.length, published);
      const chats = await s.req<{ data: Chat[] }>('GET', '/api/chats', { token: provider.token });
      assert.ok(!chats.body.data.some((c) => c.customer_id === otherCustomer.id), 'no chat was opened with the other provider');
    });

    test('the first message creates the chat; both sides list it; messages newest first; recipient notified live', async () => {
      const first = await sendText(customer, 'Hello driver');
      assert.equal(first.status, 201);
      const msg = first.body.data;
      assert.equal(msg.from_id, customer.id);
      assert.equal(msg.message, 'Hello driver');
      assert.equal(msg.message_type, 'text');
      assert.equal(msg.attachment, null);

      const live = await s.publisher.waitFor((e) => e.event === 'Message' && e.userId === provider.id && e.data.id === msg.id);
      assert.deepEqual(live.data, msg);
      const note = await s.publisher.waitFor(
        (e) => e.event === 'Notification' && e.userId === provider.id && e.data.chat_id === msg.chat_id,
      );
      assert.equal(note.data.title, 'Chat');
      assert.deepEqual(note.data.user, { id: customer.id, avatar: null, full_name: 'Cara Test' });
      // The sender's own channel gets it too (their other tabs and devices), but no notification.
      await s.publisher.waitFor((e) => e.event === 'Message' && e.userId === customer.id && e.data.id === msg.id);
      assert.ok(!s.publisher.events.some((e) => e.event === 'Notification' && e.userId === customer.id));

      s.clock.advance(1000);
      const reply = await sendText(provider, 'Hi, on my way');
      assert.equal(reply.body.data.chat_id, msg.chat_id);
      await s.publisher.waitFor((e) => e.event === 'Message' && e.userId === customer.id && e.data.id === reply.body.data.id);

      for (const u of [customer, provider]) {
        const chats = await s.req('GET', '/api/chats', { token: u.token });
        assert.equal(chats.status, 200);
        assert.equal(chats.body.data.length, 1);
        const chat = chats.body.data[0];
        assert.equal(chat.id, msg.chat_id);
        assert.equal(chat.customer.id, customer.id);
        assert.equal(chat.provider.id, provider.id);
        assert.equal(chat.provider.full_name, 'Pete Test');
      }
      const messages = await s.req('GET', `/api/chats/${msg.chat_id}/messages`, { token: customer.token });
      assert.equal(messages.status, 200);
      assert.deepEqual(
        messages.body.data.messages.map((m: Message) => m.message),
        ['Hi, on my way', 'Hello driver'],
      );

      const notes = await s.req('GET', '/api/notifications', { token: provider.token });
      const n = notes.body.data.find((x: AppNotification) => x.id === note.data.id);
      assert.equal(n.title, 'Chat');
      assert.equal(n.read, false);
      assert.match(n.description, /Hello driver/);
    });

    test('photo and attachment messages store the file; types are checked by content; 6 MB is 413', async () => {
      const photo = await sendMessage(customer, 'photo', '', { data: FILES.png, name: 'p.png', type: 'image/png' });
      assert.equal(photo.status, 201);
      assert.match(photo.body.data.attachment, /^\/uploads\/[a-f0-9]{32}\.png$/);
      const file = await fetch(s.url + photo.body.data.attachment);
      assert.equal(file.headers.get('content-type'), 'image/png');
      assert.equal(file.headers.get('x-content-type-options'), 'nosniff');

      const pdf = await sendMessage(provider, 'attachment', 'invoice', {
        data: FILES.pdf,
        name: 'invoice.pdf',
        type: 'application/pdf',
      });
      assert.equal(pdf.status, 201);
      assert.match(pdf.body.data.attachment, /\.pdf$/);
      const pdfFile = await fetch(s.url + pdf.body.data.attachment);
      assert.equal(pdfFile.headers.get('content-type'), 'application/pdf');
      assert.equal(pdfFile.headers.get('content-disposition'), 'attachment');

      const wrong = await sendMessage(customer, 'attachment', '', { data: FILES.html, name: 'x.pdf', type: 'application/pdf' });
      assert.equal(wrong.status, 400);
      assert.ok(wrong.body.errors.attachment);
      // A PDF the client calls a photo is stored as what it is (spec section 4: the type is the file's).
      const pdfAsPhoto = await sendMessage(customer, 'photo', '', { data: FILES.pdf, name: 'x.png', type: 'image/png' });
      assert.equal(pdfAsPhoto.status, 201);
      assert.equal(pdfAsPhoto.body.data.message_type, 'attachment');
      const big = await sendMessage(customer, 'photo', '', {
        data: Buffer.concat([FILES.png, Buffer.alloc(6 * 1024 * 1024)]),
        name: 'big.png',
        type: 'image/png',
      });
      assert.equal(big.status, 413);
      const missing = await sendMessage(customer, 'photo', '');
      assert.equal(missing.status, 400);
      assert.ok(missing.body.errors.attachment);
    });

    test("a file message's type is its content's, whatever the client says: a PNG is a photo, any other file an attachment", async () => {
      const jpeg = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');
      for (const [claimed, data, name, stored] of [
        ['photo', jpeg, 'car.jpg', 'attachment'],
        ['photo', FILES.pdf, 'bill.pdf', 'attachment'],
        ['attachment', FILES.png, 'dent.png', 'photo'],
        ['text', FILES.png, 'dent.png', 'photo'],
        ['text', FILES.pdf, 'bill.pdf', 'attachment'],
      ] as const) {
        const res = await sendMessage(customer, claimed, '', { data, name, type: 'application/octet-stream' });
        assert.equal(res.status, 201, `${claimed} ${name}`);
        assert.equal(res.body.data.message_type, stored, `${claimed} ${name}`);
        assert.equal(res.body.data.attachment_name, name);
        const listed = await s.req('GET', `/api/chats/${res.body.data.chat_id}/messages?per_page=1`, { token: provider.token });
        assert.equal(listed.body.data.messages[0].message_type, stored);
      }
      const html = await sendMessage(customer, 'photo', '', { data: FILES.html, name: 'x.png', type: 'image/png' });
      assert.equal(html.status, 400);
      assert.equal(html.body.message, 'The attachment must be an image or a PDF.');
      assert.deepEqual(html.body.errors, { attachment: ['The attachment must be an image or a PDF.'] });
    });

    test('validation of a message', async () => {
      for (const blank of ['   ', '\u200b\u200b', '\u2800\u3164']) {
        const empty = await sendText(customer, blank);
        assert.equal(empty.status, 400, JSON.stringify(blank));
        assert.deepEqual(empty.body.errors.message, ['The message field is required.']);
      }
      const type = await sendMessage(customer, 'video', 'x');
      assert.equal(type.status, 400);
      assert.ok(type.body.errors.message_type);
      const noIds = await s.req('POST', '/api/chats', {
        token: customer.token,
        form: formWith({ message_type: 'text', message: 'x' }),
      });
      assert.equal(noIds.status, 400);
      const notAProvider = await sendText(customer, 'hi', customer, otherCustomer);
      assert.equal(notAProvider.status, 400);
    });

    test("a long message's notification is cut on whole characters, never in the middle of an emoji", async () => {
      const text = `${'a'.repeat(76)}${'😀'.repeat(10)}`;
      assert.equal((await sendText(customer, text)).status, 201);
      const notes = await s.req('GET', '/api/notifications?per_page=1', { token: provider.token });
      const description: string = notes.body.data[0].description;
      assert.ok(description.endsWith(`${'a'.repeat(76)}😀...`), description);
      assert.ok(!description.includes('\ufffd'));
    });

    test("authorisation: only the chat's parties read or write it", async () => {
      const chatId = (await sendText(customer, 'private')).body.data.chat_id;
      assert.equal((await s.req('GET', '/api/chats')).status, 401);
      assert.equal((await s.req('GET', `/api/chats/${chatId}/messages`)).status, 401);
      for (const intruder of [otherCustomer, otherProvider]) {
        assert.equal((await s.req('GET', `/api/chats/${chatId}/messages`, { token: intruder.token })).status, 403);
        const list = await s.req('GET', '/api/chats', { token: intruder.token });
        assert.ok(!list.body.data.some((c: Chat) => c.id === chatId));
      }
      // Writing as someone else, or into a pair one is not part of.
      assert.equal((await sendText(otherCustomer, 'spoof', customer, provider)).status, 403);
      assert.equal((await sendText(otherProvider, 'spoof', customer, provider)).status, 403);
      assert.equal((await sendText(provider, 'spoof', customer, otherProvider)).status, 403);
      assert.equal(
        (
          await s.req('POST', '/api/chats', {
            form: formWith({ customer_id: customer.id, provider_id: provider.id, message_type: 'text', message: 'x' }),
          })
        ).status,
        401,
      );
      assert.equal((await s.req('GET', '/api/chats/999999/messages', { token: customer.token })).status, 404);
    });

    describe('POST /broadcasting/auth', () => {
      test("signs the caller's own private channel, as pusher-js sends it (form)", async () => {
        const res = await s.req('POST', '/broadcasting/auth', {
          token: customer.token,
          urlencoded: { socket_id: '123.456', channel_name: `private-message.${customer.id}` },
        });
        assert.equal(res.status, 200);
        assert.deepEqual(Object.keys(res.body), ['auth']);
        assert.match(res.body.auth, /^app-key:[a-f0-9]{64}$/);
        const json = await s.req('POST', '/broadcasting/auth', {
          token: customer.token,
          json: { socket_id: '123.456', channel_name: `private-message.${customer.id}` },
        });
        assert.equal(json.body.auth, res.body.auth);
      });

      test("refuses someone else's channel (403), anonymous (401) and a bad socket id (400)", async () => {
        const other = await s.req('POST', '/broadcasting/auth', {
          token: customer.token,
          urlencoded: { socket_id: '123.456', channel_name: `private-message.${provider.id}` },
        });
        assert.equal(other.status, 403);
        assert.equal(other.body.auth, undefined);
        const anon = await s.req('POST', '/broadcasting/auth', {
          urlencoded: { socket_id: '1.2', channel_name: `private-message.${customer.id}` },
        });
        assert.equal(anon.status, 401);
        const bad = await s.req('POST', '/broadcasting/auth', {
          token: customer.token,
          urlencoded: { socket_id: 'abc', channel_name: `private-message.${customer.id}` },
        });
        assert.equal(bad.status, 400);
      });

      test('an empty channel name is missing, in the generic words for a required field', async () => {
        const res = await s.req('POST', '/broadcasting/auth', {
          token: customer.token,
          json: { socket_id: '123.456', channel_name: '' },
        });
        assert.equal(res.status, 400);
        assert.equal(res.body.message, 'The channel_name field is required.');
        assert.deepEqual(res.body.errors, { channel_name: ['The channel_name field is required.'] });
      });
    });

    describe('notifications', () => {
      test("lists only the caller's own, newest first; read state can be set; owner checked", async () => {
        const u = await signUp(s, 'Customer');
        await sendText(u, 'one', u, provider);
        s.clock.advance(1000);
        await sendText(u, 'two', u, provider);
        const list = await s.req('GET', '/api/notifications', { token: provider.token });
        assert.equal(list.status, 200);
        const mine = list.body.data.filter((n: AppNotification) => n.title === 'Chat');
        assert.ok(mine.length >= 2);
        assert.ok(list.body.data[0].id > list.body.data[1].id);
        for (const n of list.body.data) {
          assert.deepEqual(Object.keys(n).sort(), [
            'chat_id',
            'created_at',
            'description',
            'id',
            'job_id',
            'read',
            'title',
            'user',
          ]);
        }
        const own = await s.req('GET', '/api/notifications', { token: u.token });
        assert.ok(!own.body.data.some((n: AppNotification) => list.body.data.some((m: AppNotification) => m.id === n.id)));

        const id = list.body.data[0].id;
        assert.equal((await s.req('POST', `/api/notifications/${id}/read`, { token: u.token })).status, 403);
        const read = await s.req('POST', `/api/notifications/${id}/read`, { token: provider.token });
        assert.equal(read.status, 200);
        assert.equal(read.body.data.find((n: AppNotification) => n.id === id).read, true);
        const newest = (await s.req('GET', '/api/notifications', { token: provider.token })).body.data[0].id;
        const all = await s.req('POST', '/api/notifications/read-all', { token: provider.token, json: { up_to_id: newest } });
        assert.ok(all.body.data.every((n: AppNotification) => n.read));
        assert.equal((await s.req('GET', '/api/notifications')).status, 401);
        assert.equal((await s.req('POST', '/api/notifications/999999/read', { token: provider.token })).status, 404);
      });
    });
  });
}
