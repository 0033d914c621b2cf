/**
 * The chat screen's API: opening a chat with a user id (existing or new, only customer–provider),
 * the chats list with each chat's last message and the caller's unread count, marking a chat read,
 * the caller's unread total, and the attached file's name and size.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { NO_SUCH_PROVIDER, PROVIDER_CANNOT_START, attachmentNameOf } from '../src/routes/chats.js';
import {
  DIALECTS,
  FILES,
  addCard,
  bookingBody,
  customerOpensChat,
  ensureService,
  formWith,
  signUp,
  signUpProvider,
  startTestServer,
  type TestServer,
  type TestUser,
} from './helpers.js';
import type { Chat, Message } from 'shared/src/contracts/entities';

test('attachmentNameOf keeps the base name only, without control characters, else the fallback', () => {
  assert.equal(attachmentNameOf('invoice.pdf', 'pdf', 'attachment'), 'invoice.pdf');
  assert.equal(attachmentNameOf('C:\\Users\\me\\report 1.PDF', 'pdf', 'attachment'), 'report 1.PDF');
  assert.equal(attachmentNameOf('../../etc/passwd', 'pdf', 'attachment'), 'passwd.pdf');
  assert.equal(attachmentNameOf('bad\u0000\nname.pdf', 'pdf', 'attachment'), 'badname.pdf');
  assert.equal(attachmentNameOf('', 'pdf', 'attachment'), 'attachment.pdf');
  assert.equal(attachmentNameOf('upload', 'png', 'photo'), 'photo.png');
  assert.equal(attachmentNameOf(undefined, 'pdf', 'attachment'), 'attachment.pdf');
  const long = attachmentNameOf(`${'a'.repeat(300)}.pdf`, 'pdf', 'attachment');
  assert.equal(long.length, 200);
  assert.ok(long.endsWith('a.pdf'));
});

test("attachmentNameOf ends the name in the checked content's extension and drops direction characters", () => {
  // A PDF sent as a batch file or an HTML application downloads as a PDF.
  assert.equal(attachmentNameOf('receipt.pdf.cmd', 'pdf', 'attachment'), 'receipt.pdf.cmd.pdf');
  assert.equal(attachmentNameOf('invoice.hta', 'gif', 'attachment'), 'invoice.hta.gif');
  assert.equal(attachmentNameOf('holiday.jpeg', 'jpg', 'attachment'), 'holiday.jpeg');
  assert.equal(attachmentNameOf('scan', 'png', 'photo'), 'scan.png');
  // U+202E would show 'receipt\u202Efdp.cmd' as 'receiptdmc.pdf'.
  assert.equal(attachmentNameOf('receipt\u202efdp.cmd', 'pdf', 'attachment'), 'receiptfdp.cmd.pdf');
  assert.equal(attachmentNameOf('a\u2066b\u2069\u200f.pdf', 'pdf', 'attachment'), 'ab.pdf');
  assert.equal(attachmentNameOf(`${'b'.repeat(300)}.exe`, 'pdf', 'attachment'), `${'b'.repeat(196)}.pdf`);
  // A long name is never cut in the middle of an emoji (stored, half of one reads back as '�').
  const emojiName = attachmentNameOf(`${'c'.repeat(195)}${'😀'.repeat(20)}.pdf`, 'pdf', 'attachment');
  assert.equal(emojiName, `${'c'.repeat(195)}.pdf`);
  assert.doesNotMatch(emojiName, /\p{Cs}/u);
});

for (const dialect of DIALECTS) {
  describe(`chat read state, open and attachments (${dialect})`, () => {
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

    const sendText = (from: TestUser, message: string, c: TestUser, p: TestUser) =>
      s.req('POST', '/api/chats', {
        token: from.token,
        form: formWith({ customer_id: c.id, provider_id: p.id, message_type: 'text', message }),
      });
    const open = (as: TestUser, userId: unknown) =>
      s.req('POST', '/api/chats/open', { token: as.token, json: { user_id: userId } });
    const chatsOf = async (u: TestUser) => (await s.req('GET', '/api/chats', { token: u.token })).body.data as Chat[];
    const unreadOf = async (u: TestUser) =>
      (await s.req('GET', '/api/chats/unread', { token: u.token })).body.data.total as number;

    test('opening a chat with a user id creates it once (201), then answers the same chat (200) to either party', async () => {
      const c = await signUp(s, 'Customer');
      const first = await open(c, provider.id);
      assert.equal(first.status, 201);
      const chat = first.body.data;
      assert.equal(chat.customer_id, c.id);
      assert.equal(chat.provider_id, provider.id);
      assert.equal(chat.customer.full_name, 'Cara Test');
      assert.equal(chat.provider.full_name, 'Pete Test');
      assert.equal(chat.last_message, null);
      assert.equal(chat.unread_count, 0);

      const again = await open(c, provider.id);
      assert.equal(again.status, 200);
      assert.equal(again.body.data.id, chat.id);
      const fromProvider = await open(provider, c.id);
      assert.equal(fromProvider.status, 200);
      assert.equal(fromProvider.body.data.id, chat.id);
      assert.ok((await chatsOf(c)).some((x) => x.id === chat.id && x.last_message === null));

      // The first message goes into the opened chat.
      const sent = await sendText(c, 'hello', c, provider);
      assert.equal(sent.body.data.chat_id, chat.id);
    });

    test('opening a chat refuses a user of the same role, oneself and an unknown id alike (404), a bad id (400), no token (401); a provider gets one 403 for any of them', async () => {
      // A customer learns nothing of which ids are customers: another customer, themselves and an
      // unknown id are answered alike.
      for (const userId of [otherCustomer.id, customer.id, 99999999]) {
        const refused = await open(customer, userId);
        assert.equal(refused.status, 404, `customer opening ${userId}`);
        assert.deepEqual(refused.body, { message: NO_SUCH_PROVIDER });
      }
      // A provider learns nothing of an id they have no chat or booking with: another provider, themselves
      // and an unknown id are answered alike.
      for (const userId of [otherProvider.id, provider.id, 99999999]) {
        const refused = await open(provider, userId);
        assert.equal(refused.status, 403, `provider opening ${userId}`);
        assert.equal(refused.body.message, PROVIDER_CANNOT_START);
      }
      for (const bad of ['abc', 0, -3, null]) {
        const res = await open(customer, bad);
        assert.equal(res.status, 400, `user_id ${String(bad)}`);
        assert.ok(res.body.errors.user_id);
      }
      assert.equal((await s.req('POST', '/api/chats/open', { token: customer.token, json: {} })).status, 400);
      assert.equal((await s.req('POST', '/api/chats/open', { json: { user_id: provider.id } })).status, 401);
      // Nothing was created by the refusals.
      assert.ok(!(await chatsOf(otherCustomer)).some((x) => x.provider_id === customer.id));
    });

    test('a provider starts a chat only with a customer who has booked them or opened a chat with them; a refusal creates nothing', async () => {
      const [stranger, booker, opener] = await Promise.all([signUp(s, 'Customer'), signUp(s, 'Customer'), signUp(s, 'Customer')]);
      const p = await signUpProvider(s);
      const serviceId = await ensureService(s);

      const opened = await open(p, stranger.id);
      assert.equal(opened.status, 403);
      assert.equal(opened.body.message, PROVIDER_CANNOT_START);
      const written = await sendText(p, 'Need a ride?', stranger, p);
      assert.equal(written.status, 403);
      assert.equal(written.body.message, PROVIDER_CANNOT_START);
      assert.deepEqual(await chatsOf(stranger), []);
      assert.deepEqual(await chatsOf(p), []);
      assert.equal(await unreadOf(stranger), 0);
      const strangerNotes = await s.req('GET', '/api/notifications', { token: stranger.token });
      assert.deepEqual(strangerNotes.body.data, []);

      // A booking (of any outcome) lets the provider open the chat and write first.
      const card = await addCard(s, booker);
      const booked = await s.req('POST', '/api/jobs', { token: booker.token, json: bookingBody(p.id, serviceId, card.id) });
      assert.equal(booked.status, 201);
      const withBooker = await open(p, booker.id);
      assert.equal(withBooker.status, 201);
      assert.equal((await sendText(p, 'On my way', booker, p)).status, 201);
      assert.equal(await unreadOf(booker), 1);

      // So does a chat the customer opened, even with nothing written yet.
      await customerOpensChat(s, opener, p);
      assert.equal((await sendText(p, 'Hello, how can I help?', opener, p)).status, 201);
      assert.equal(await unreadOf(opener), 1);
    });

    test('the list carries the last message and the unread count; reading clears it; replying counts as reading', async () => {
      const c = await signUp(s, 'Customer');
      const p = await signUp(s, 'Provider');
      await customerOpensChat(s, c, p);
      await sendText(p, 'one', c, p);
      s.clock.advance(1000);
      const second = (await sendText(p, 'two', c, p)).body.data;

      let [chat] = await chatsOf(c);
      assert.equal(chat.unread_count, 2);
      assert.deepEqual(chat.last_message, second);
      assert.equal(await unreadOf(c), 2);
      // The sender has nothing unread.
      assert.equal((await chatsOf(p))[0].unread_count, 0);
      assert.equal(await unreadOf(p), 0);

      const read = await s.req('POST', `/api/chats/${chat.id}/read`, { token: c.token });
      assert.equal(read.status, 200);
      assert.deepEqual(read.body.data, { chat_id: chat.id, unread_count: 0, unread_total: 0 });
      [chat] = await chatsOf(c);
      assert.equal(chat.unread_count, 0);
      // Marking read again changes nothing.
      assert.equal((await s.req('POST', `/api/chats/${chat.id}/read`, { token: c.token })).body.data.unread_total, 0);

      s.clock.advance(1000);
      await sendText(p, 'three', c, p);
      assert.equal((await chatsOf(c))[0].unread_count, 1);
      assert.equal(await unreadOf(c), 1);
      s.clock.advance(1000);
      const reply = (await sendText(c, 'thanks', c, p)).body.data;
      [chat] = await chatsOf(c);
      assert.equal(chat.unread_count, 0);
      assert.equal(chat.last_message?.id, reply.id);
      assert.equal((await chatsOf(p))[0].unread_count, 1);
    });

    test("reading a chat reads its notifications, not the others, and tells the reader's other tabs (NotificationsRead)", async () => {
      const c = await signUp(s, 'Customer');
      const p = await signUp(s, 'Provider');
      const p2 = await signUp(s, 'Provider');
      await Promise.all([customerOpensChat(s, c, p), customerOpensChat(s, c, p2)]);
      await sendText(p, 'from p', c, p);
      await sendText(p2, 'from p2', c, p2);
      const notes = async () =>
        (await s.req('GET', '/api/notifications', { token: c.token })).body.data as Array<{ chat_id: number; read: boolean }>;
      assert.deepEqual(
        (await notes()).map((n) => n.read),
        [false, false],
      );
      const withP = (await chatsOf(c)).find((chat) => chat.provider_id === p.id)!;
      const readsBefore = s.publisher.events.filter((e) => e.event === 'NotificationsRead' && e.userId === c.id).length;
      assert.equal((await s.req('POST', `/api/chats/${withP.id}/read`, { token: c.token })).status, 200);
      const after = await notes();
      assert.equal(after.find((n) => n.chat_id === withP.id)?.read, true);
      assert.equal(after.find((n) => n.chat_id !== withP.id)?.read, false);
      const reads = () => s.publisher.events.filter((e) => e.event === 'NotificationsRead' && e.userId === c.id).length;
      assert.equal(reads(), readsBefore + 1);
      // Nothing new read: nothing published.
      await s.req('POST', `/api/chats/${withP.id}/read`, { token: c.token });
      assert.equal(reads(), readsBefore + 1);
      // Read all: once, then not again.
      await sendText(p, 'again', c, p);
      const json = { up_to_id: (await s.req('GET', '/api/notifications', { token: c.token })).body.data[0].id };
      const bad = await s.req('POST', '/api/notifications/read-all', { token: c.token, json, headers: { 'x-socket-id': 'tab' } });
      assert.equal(bad.status, 400);
      assert.equal(reads(), readsBefore + 1);
      // The asking tab names its connection: the event goes to the user's other connections only.
      await s.req('POST', '/api/notifications/read-all', { token: c.token, json, headers: { 'x-socket-id': '123.456' } });
      assert.equal(reads(), readsBefore + 2);
      assert.equal(s.publisher.events.filter((e) => e.event === 'NotificationsRead').at(-1)?.exceptSocketId, '123.456');
      assert.ok((await notes()).every((n) => n.read));
      await s.req('POST', '/api/notifications/read-all', { token: c.token, json });
      assert.equal(reads(), readsBefore + 2);
    });

    test("reading a chat tells the reader's own channel only (ChatRead with the chat), so their other tabs count anew", async () => {
      const c = await signUp(s, 'Customer');
      const p = await signUp(s, 'Provider');
      await customerOpensChat(s, c, p);
      await sendText(p, 'are you there?', c, p);
      const chat = (await chatsOf(c))[0];
      const chatReads = () => s.publisher.events.filter((e) => e.event === 'ChatRead');
      const before = chatReads().length;
      assert.equal((await s.req('POST', `/api/chats/${chat.id}/read`, { token: c.token })).status, 200);
      const published = chatReads().slice(before);
      assert.deepEqual(
        published.map((e) => ({ userId: e.userId, data: e.data })),
        [{ userId: c.id, data: { chat_id: chat.id } }],
      );
      assert.equal(published[0].exceptSocketId, undefined);
      assert.equal(await unreadOf(c), 0);
      // Nothing new read: nothing published; the other party is never told.
      await s.req('POST', `/api/chats/${chat.id}/read`, { token: c.token });
      assert.equal(chatReads().length, before + 1);
      await sendText(c, 'yes', c, p);
      await s.req('POST', `/api/chats/${chat.id}/read`, { token: p.token });
      assert.deepEqual(
        chatReads()
          .slice(before)
          .map((e) => e.userId),
        [c.id, p.id],
      );
    });

    test("the tab that reads a chat names its connection: ChatRead goes to the reader's other tabs only, NotificationsRead to all", async () => {
      const c = await signUp(s, 'Customer');
      const p = await signUp(s, 'Provider');
      await customerOpensChat(s, c, p);
      await sendText(p, 'one', c, p);
      const chat = (await chatsOf(c))[0];
      const since = s.publisher.events.length;
      const bad = await s.req('POST', `/api/chats/${chat.id}/read`, { token: c.token, headers: { 'x-socket-id': 'tab' } });
      assert.equal(bad.status, 400);
      const read = await s.req('POST', `/api/chats/${chat.id}/read`, { token: c.token, headers: { 'x-socket-id': '123.456' } });
      assert.equal(read.status, 200);
      // The asking tab has the new total from the answer; its bell learns of the read notifications from the event.
      assert.equal(read.body.data.unread_total, 0);
      assert.deepEqual(
        s.publisher.events.slice(since).map((e) => ({ event: e.event, userId: e.userId, exceptSocketId: e.exceptSocketId })),
        [
          { event: 'ChatRead', userId: c.id, exceptSocketId: '123.456' },
          { event: 'NotificationsRead', userId: c.id, exceptSocketId: undefined },
        ],
      );
    });

    test('the unread total adds up every chat of the caller; the newest conversation comes first', async () => {
      const c = await signUp(s, 'Customer');
      const [p1, p2] = await Promise.all([signUp(s, 'Provider'), signUp(s, 'Provider')]);
      await Promise.all([customerOpensChat(s, c, p1), customerOpensChat(s, c, p2)]);
      await sendText(p1, 'from one', c, p1);
      s.clock.advance(1000);
      await sendText(p2, 'from two', c, p2);
      s.clock.advance(1000);
      await sendText(p2, 'from two again', c, p2);
      let list = await chatsOf(c);
      assert.deepEqual(
        list.map((x) => [x.provider_id, x.unread_count]),
        [
          [p2.id, 2],
          [p1.id, 1],
        ],
      );
      assert.equal(await unreadOf(c), 3);

      s.clock.advance(1000);
      await sendText(p1, 'one is back', c, p1);
      list = await chatsOf(c);
      assert.deepEqual(
        list.map((x) => [x.provider_id, x.unread_count]),
        [
          [p1.id, 2],
          [p2.id, 2],
        ],
      );
      assert.equal(list[0].last_message?.message, 'one is back');
      const read = await s.req('POST', `/api/chats/${list[1].id}/read`, { token: c.token });
      assert.equal(read.body.data.unread_total, 2);
      assert.equal(await unreadOf(c), 2);
    });

    test('only a party of the chat marks it read; unknown chat 404; no token 401', async () => {
      const chatId = (await sendText(customer, 'private', customer, provider)).body.data.chat_id;
      for (const intruder of [otherCustomer, otherProvider]) {
        const res = await s.req('POST', `/api/chats/${chatId}/read`, { token: intruder.token });
        assert.equal(res.status, 403);
      }
      assert.equal((await s.req('POST', '/api/chats/99999999/read', { token: customer.token })).status, 404);
      assert.equal((await s.req('POST', '/api/chats/abc/read', { token: customer.token })).status, 400);
      assert.equal((await s.req('POST', `/api/chats/${chatId}/read`)).status, 401);
      assert.equal((await s.req('GET', '/api/chats/unread')).status, 401);
      // The intruders' attempts left the provider's unread count alone.
      assert.ok(((await chatsOf(provider)).find((x) => x.id === chatId)?.unread_count ?? 0) >= 1);
    });

    test('a file message keeps its original name and size, in the answer, the live event, the messages and the list', async () => {
      const c = await signUp(s, 'Customer');
      const form = formWith(
        { customer_id: c.id, provider_id: provider.id, message_type: 'attachment', message: '' },
        { field: 'attachment', data: FILES.pdf, name: 'invoice june.pdf', type: 'application/pdf' },
      );
      const sent = await s.req('POST', '/api/chats', { token: c.token, form });
      assert.equal(sent.status, 201);
      const msg = sent.body.data;
      assert.equal(msg.message_type, 'attachment');
      assert.equal(msg.attachment_name, 'invoice june.pdf');
      assert.equal(msg.attachment_size, FILES.pdf.length);
      const live = await s.publisher.waitFor((e) => e.event === 'Message' && e.data.id === msg.id);
      assert.deepEqual(live.data, msg);
      // The chat screen (another origin) fetches the file to save it under its original name.
      const origin = s.app.ctx.config.appOrigins[0];
      const file = await fetch(s.url + msg.attachment, { headers: { origin } });
      assert.equal(file.status, 200);
      assert.equal(file.headers.get('access-control-allow-origin'), origin);
      assert.deepEqual(Buffer.from(await file.arrayBuffer()), FILES.pdf);

      const photo = await s.req('POST', '/api/chats', {
        token: c.token,
        form: formWith(
          { customer_id: c.id, provider_id: provider.id, message_type: 'photo', message: 'look' },
          { field: 'attachment', data: FILES.png, name: 'dent.png', type: 'image/png' },
        ),
      });
      assert.equal(photo.body.data.attachment_name, 'dent.png');
      assert.equal(photo.body.data.attachment_size, FILES.png.length);

      const messages = await s.req('GET', `/api/chats/${msg.chat_id}/messages`, { token: provider.token });
      assert.deepEqual(
        messages.body.data.messages.map((m: Message) => [m.message_type, m.attachment_name, m.attachment_size]),
        [
          ['photo', 'dent.png', FILES.png.length],
          ['attachment', 'invoice june.pdf', FILES.pdf.length],
        ],
      );
      const text = (await sendText(c, 'plain', c, provider)).body.data;
      assert.equal(text.attachment_name, null);
      assert.equal(text.attachment_size, null);
      const chat = (await chatsOf(provider)).find((x) => x.id === msg.chat_id);
      assert.ok(chat);
      assert.equal(chat.last_message?.id, text.id);
      assert.equal(chat.unread_count, 3);
    });

    test('messages are paged newest first with has_more', async () => {
      const c = await signUp(s, 'Customer');
      for (let i = 1; i <= 5; i += 1) await sendText(c, `m${i}`, c, provider);
      const chatId = (await chatsOf(c))[0].id;
      const page1 = await s.req('GET', `/api/chats/${chatId}/messages?page=1&per_page=2`, { token: c.token });
      assert.deepEqual(
        page1.body.data.messages.map((m: Message) => m.message),
        ['m5', 'm4'],
      );
      assert.deepEqual(page1.body.meta, { page: 1, per_page: 2, has_more: true });
      const page3 = await s.req('GET', `/api/chats/${chatId}/messages?page=3&per_page=2`, { token: c.token });
      assert.deepEqual(
        page3.body.data.messages.map((m: Message) => m.message),
        ['m1'],
      );
      assert.equal(page3.body.meta.has_more, false);
    });
  });
}
