/**
 * A chat message too big for a realtime event (Pusher's 10 KiB of data per event): 5000 characters of 3
 * to 4 UTF-8 bytes each are. Its 'Message' event goes without the text (`message_omitted: true`), so it
 * is published and reaches a pusher-js client through the embedded realtime server like any other, and
 * the client fetches the message whole from GET /api/chats/{id}/messages/{message_id}, a participant only.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Pusher from 'pusher-js';
import { startRealtimeServer, type RealtimeServer } from '../src/realtime/server.js';
import { messageEventData } from '../src/routes/chats.js';
import { eventDataBytes, MAX_EVENT_DATA_BYTES } from '../src/services/publisher.js';
import {
  browserRealtimeClient,
  DIALECTS,
  PUSHER,
  formWith,
  customerOpensChat,
  signUp,
  startTestServer,
  type TestServer,
  type TestUser,
} from './helpers.js';
import type { AppNotification, Message } from 'shared/src/contracts/entities';

type LiveMessage = Message & { message_omitted?: boolean };

/** 5000 emoji: the composer's limit of 5000 characters (code points), 20 000 bytes of UTF-8. */
const EMOJI_5000 = '\u{1F600}'.repeat(5000);

describe("a 'Message' event's data", () => {
  const base: Message = {
    id: 1,
    chat_id: 2,
    from_id: 3,
    message: '',
    message_type: 'text',
    attachment: null,
    created_at: '2025-06-15T12:00:00.000Z',
    attachment_name: null,
    attachment_size: null,
  };
  test('is the message itself up to the limit, and one byte more is the message without its text', () => {
    const room = MAX_EVENT_DATA_BYTES - eventDataBytes(base);
    const atLimit = { ...base, message: 'a'.repeat(room) };
    assert.equal(eventDataBytes(atLimit), MAX_EVENT_DATA_BYTES);
    assert.equal(messageEventData(atLimit), atLimit);
    const over = { ...base, message: 'a'.repeat(room + 1) };
    const omitted = messageEventData(over);
    assert.deepEqual(omitted, { ...base, message: '', message_omitted: true });
    assert.ok(eventDataBytes(omitted) < MAX_EVENT_DATA_BYTES);
    // JSON's escapes count: a quote is 2 bytes of data.
    const quoted = { ...base, message: '"'.repeat(Math.floor(room / 2)) };
    assert.equal(messageEventData(quoted), quoted);
    assert.equal(messageEventData({ ...quoted, message: `${quoted.message}"` }).message, '');
  });
});

for (const dialect of DIALECTS) {
  describe(`a chat message too big for a realtime event (${dialect})`, () => {
    let rt: RealtimeServer;
    let s: TestServer;
    let customer: TestUser;
    let provider: TestUser;
    let outsider: TestUser;
    let outsiderProvider: TestUser;
    const clients: Pusher[] = [];

    before(async () => {
      rt = await startRealtimeServer({ port: 0, host: '127.0.0.1', ...PUSHER });
      s = await startTestServer(dialect, {
        publisher: 'pusher',
        config: { pusher: { ...PUSHER, host: '127.0.0.1', port: rt.port } },
      });
      [customer, provider, outsider, outsiderProvider] = await Promise.all([
        signUp(s, 'Customer'),
        signUp(s, 'Provider'),
        signUp(s, 'Customer'),
        signUp(s, 'Provider'),
      ]);
      await customerOpensChat(s, customer, provider);
    });
    after(async () => {
      for (const c of clients) c.disconnect();
      await s.close();
      await rt.close();
    });

    /** A pusher-js client (what the browser runs) subscribed to the user's private channel; what it receives. */
    async function listen(user: TestUser) {
      const client = browserRealtimeClient(rt.port, s.url, user);
      clients.push(client);
      const channel = client.subscribe(`private-message.${user.id}`);
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('subscription timed out')), 5000);
        channel.bind('pusher:subscription_succeeded', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      const got = { messages: [] as LiveMessage[], notifications: [] as AppNotification[] };
      channel.bind('Message', (m: LiveMessage) => got.messages.push(m));
      channel.bind('Notification', (n: AppNotification) => got.notifications.push(n));
      return {
        got,
        async message(id: number): Promise<LiveMessage> {
          const deadline = Date.now() + 5000;
          for (;;) {
            const found = got.messages.find((m) => m.id === id);
            if (found) return found;
            if (Date.now() > deadline) throw new Error(`no Message event for message ${id}`);
            await new Promise((r) => setTimeout(r, 20));
          }
        },
      };
    }

    const send = (from: TestUser, message: string, c = customer, p = provider) =>
      s.req<{ data: Message }>('POST', '/api/chats', {
        token: from.token,
        form: formWith({ customer_id: c.id, provider_id: p.id, message_type: 'text', message }),
      });

    test('a 5000-emoji message reaches the recipient and the sender’s other tab live without its text (message_omitted); GET /api/chats/{id}/messages/{message_id} answers it whole', async () => {
      const [recipient, senderTab] = await Promise.all([listen(customer), listen(provider)]);
      const sent = await send(provider, EMOJI_5000);
      assert.equal(sent.status, 201);
      const message = sent.body.data;
      assert.equal(message.message, EMOJI_5000, 'the answer has the whole text');

      const omitted = { ...message, message: '', message_omitted: true };
      assert.deepEqual(await recipient.message(message.id), omitted);
      assert.deepEqual(await senderTab.message(message.id), omitted);
      // The rest of the message's publish went out with it.
      const deadline = Date.now() + 5000;
      while (recipient.got.notifications.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      assert.equal(recipient.got.notifications.at(-1)?.title, 'Chat');

      // Each party fetches it whole, exactly as the chat's messages answer it.
      const list = await s.req<{ data: { messages: Message[] } }>('GET', `/api/chats/${message.chat_id}/messages`, {
        token: customer.token,
      });
      const listed = list.body.data.messages.find((m) => m.id === message.id);
      assert.deepEqual(listed, message);
      for (const user of [customer, provider]) {
        const one = await s.req<{ data: Message; message: string }>(
          'GET',
          `/api/chats/${message.chat_id}/messages/${message.id}`,
          { token: user.token },
        );
        assert.equal(one.status, 200);
        assert.deepEqual(one.body, { data: listed, message: 'Success' });
      }

      // An ordinary message's event is the message itself, without the flag.
      const ordinary = await send(customer, 'On my way');
      assert.equal(ordinary.status, 201);
      const live = await senderTab.message(ordinary.body.data.id);
      assert.deepEqual(live, ordinary.body.data);
      assert.equal('message_omitted' in live, false);
    });

    test('only a participant of its chat gets a message: another user 403, unknown ids 404, bad ids 400', async () => {
      const sent = await send(customer, 'Gate code 4711');
      assert.equal(sent.status, 201);
      const { id, chat_id: chatId } = sent.body.data;
      const path = (c: number | string, m: number | string) => `/api/chats/${c}/messages/${m}`;

      const intruder = await s.req('GET', path(chatId, id), { token: outsider.token });
      assert.equal(intruder.status, 403);
      assert.equal(intruder.body.message, 'This chat is not yours.');
      assert.equal(JSON.stringify(intruder.body).includes('Gate code'), false);
      assert.equal((await s.req('GET', path(chatId, id), { token: outsiderProvider.token })).status, 403);
      assert.equal((await s.req('GET', path(chatId, id))).status, 401);

      // Through a chat of their own, the message of another chat is not found.
      const own = await send(outsider, 'Hello', outsider, outsiderProvider);
      assert.equal(own.status, 201);
      const ownChat = own.body.data.chat_id;
      const across = await s.req('GET', path(ownChat, id), { token: outsider.token });
      assert.equal(across.status, 404);
      assert.equal(across.body.message, 'Message not found.');
      assert.equal((await s.req('GET', path(chatId, own.body.data.id), { token: customer.token })).status, 404);
      // Unknown ids.
      assert.equal((await s.req('GET', path(chatId, 2147483647), { token: customer.token })).status, 404);
      const noChat = await s.req('GET', path(2147483647, id), { token: customer.token });
      assert.equal(noChat.status, 404);
      assert.equal(noChat.body.message, 'Chat not found.');

      for (const bad of ['0', '-1', 'abc', '1.5', '0x10', '1e3', '2147483648', '99999999999999999999999']) {
        for (const url of [path(chatId, bad), path(bad, id)]) {
          const res = await s.req('GET', url, { token: customer.token });
          assert.equal(res.status, 400, `${url}: ${res.status} ${JSON.stringify(res.body)}`);
          assert.equal(typeof res.body.message, 'string');
        }
      }
      const badMessage = await s.req('GET', path(chatId, 'abc'), { token: customer.token });
      assert.deepEqual(badMessage.body.errors, { message_id: ['The message id must be a positive integer.'] });
    });

    test('the route is documented in the OpenAPI description', () => {
      const doc = (s.app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }).swagger();
      const op = doc.paths['/api/chats/{id}/messages/{message_id}']?.get as
        { parameters: Array<{ name: string; in: string }>; responses: Record<string, unknown>; tags: string[] } | undefined;
      assert.ok(op, 'GET /api/chats/{id}/messages/{message_id} is in the description');
      assert.deepEqual(
        op.parameters.filter((p) => p.in === 'path').map((p) => p.name),
        ['id', 'message_id'],
      );
      assert.deepEqual(op.tags, ['chat']);
      for (const status of ['200', '401', '403', '404']) assert.ok(op.responses[status], `documents ${status}`);
    });
  });
}
