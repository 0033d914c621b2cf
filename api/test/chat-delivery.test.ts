/**
 * End to end over the real realtime path: the API publishes with the official `pusher` SDK to the
 * embedded Pusher-protocol server, and a pusher-js client (what the browser runs), authorised by
 * POST /broadcasting/auth, receives the chat message on its private channel.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Pusher from 'pusher-js';
import { startRealtimeServer, type RealtimeServer } from '../src/realtime/server.js';
import {
  browserRealtimeClient,
  customerOpensChat,
  PUSHER,
  formWith,
  signUp,
  startTestServer,
  type TestServer,
  type TestUser,
} from './helpers.js';
import type { AppNotification, Message } from 'shared/src/contracts/entities';

describe('chat message delivered to a pusher-js client', () => {
  let rt: RealtimeServer;
  let s: TestServer;
  let customer: TestUser;
  let provider: TestUser;
  const clients: Pusher[] = [];

  before(async () => {
    rt = await startRealtimeServer({ port: 0, host: '127.0.0.1', ...PUSHER });
    s = await startTestServer('sqlite', {
      publisher: 'pusher',
      config: { pusher: { ...PUSHER, host: '127.0.0.1', port: rt.port } },
    });
    [customer, provider] = await Promise.all([signUp(s, 'Customer'), signUp(s, 'Provider')]);
    await customerOpensChat(s, customer, provider);
  });
  after(async () => {
    for (const c of clients) c.disconnect();
    await s.close();
    await rt.close();
  });

  function connect(user: TestUser): Pusher {
    const client = browserRealtimeClient(rt.port, s.url, user);
    clients.push(client);
    return client;
  }

  function subscribed(client: Pusher, channelName: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const channel = client.subscribe(channelName);
      const timer = setTimeout(() => reject(new Error('subscription timed out')), 5000);
      channel.bind('pusher:subscription_succeeded', () => {
        clearTimeout(timer);
        resolve();
      });
      channel.bind('pusher:subscription_error', (err: unknown) => {
        clearTimeout(timer);
        reject(Object.assign(new Error('subscription refused'), { detail: err }));
      });
    });
  }

  test('the recipient receives event Message with the message object; notifications arrive too', async () => {
    const client = connect(customer);
    const channelName = `private-message.${customer.id}`;
    await subscribed(client, channelName);
    const channel = client.channel(channelName);
    const message = new Promise<Message>((resolve) => channel.bind('Message', resolve));
    const notification = new Promise<AppNotification>((resolve) => channel.bind('Notification', resolve));

    const sent = await s.req('POST', '/api/chats', {
      token: provider.token,
      form: formWith({
        customer_id: customer.id,
        provider_id: provider.id,
        message_type: 'text',
        message: 'Arriving in 5 minutes',
      }),
    });
    assert.equal(sent.status, 201);
    const received = await Promise.race([
      message,
      new Promise<never>((_, r) => setTimeout(() => r(new Error('no Message event')), 5000)),
    ]);
    assert.deepEqual(received, sent.body.data);
    const note = await Promise.race([
      notification,
      new Promise<never>((_, r) => setTimeout(() => r(new Error('no Notification event')), 5000)),
    ]);
    assert.equal(note.title, 'Chat');
    assert.equal(note.user.full_name, 'Pete Test');
  });

  test("the sender's other tabs get their message; the tab named in X-Socket-ID does not (its answer has it)", async () => {
    const channelName = `private-message.${provider.id}`;
    const [sending, other] = [connect(provider), connect(provider)];
    await Promise.all([subscribed(sending, channelName), subscribed(other, channelName)]);
    const got = { sending: [] as Message[], other: [] as Message[] };
    sending.channel(channelName).bind('Message', (m: Message) => got.sending.push(m));
    other.channel(channelName).bind('Message', (m: Message) => got.other.push(m));
    const send = (message: string, headers?: Record<string, string>) =>
      s.req('POST', '/api/chats', {
        token: provider.token,
        headers,
        form: formWith({ customer_id: customer.id, provider_id: provider.id, message_type: 'text', message }),
      });

    const named = await send('From this tab', { 'X-Socket-ID': sending.connection.socket_id });
    assert.equal(named.status, 201);
    // Without the header, every tab gets it: the tab that names none still sees its message once (same id).
    const unnamed = await send('No socket named');
    assert.equal(unnamed.status, 201);
    const deadline = Date.now() + 5000;
    while ((got.other.length < 2 || got.sending.length < 1) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    assert.deepEqual(
      got.other.map((m) => m.id).sort((a, b) => a - b),
      [named.body.data.id, unnamed.body.data.id],
    );
    assert.deepEqual(
      got.sending.map((m) => m.id),
      [unnamed.body.data.id],
    );

    const refused = await send('Bad header', { 'X-Socket-ID': 'not-a-socket' });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.message, 'The X-Socket-ID header must be a realtime socket id.');
  });

  test("subscribing to someone else's channel is refused by /broadcasting/auth", async () => {
    const client = connect(customer);
    await assert.rejects(subscribed(client, `private-message.${provider.id}`), /subscription refused/);
  });

  test('when the realtime server is unreachable the request still succeeds', async () => {
    const offline = await startTestServer('sqlite', {
      publisher: 'pusher',
      config: { pusher: { ...PUSHER, host: '127.0.0.1', port: 1 } },
    });
    try {
      const [c, p] = await Promise.all([signUp(offline, 'Customer'), signUp(offline, 'Provider')]);
      const sent = await offline.req('POST', '/api/chats', {
        token: c.token,
        form: formWith({ customer_id: c.id, provider_id: p.id, message_type: 'text', message: 'hello?' }),
      });
      assert.equal(sent.status, 201);
    } finally {
      await offline.close();
    }
  });
});
