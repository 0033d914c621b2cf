/**
 * Test harness: a real API server (buildApp + listen on a free port) on a fresh database, called
 * over HTTP with fetch. Every suite runs on SQLite, and again on PostgreSQL when TEST_DATABASE_URL
 * is set (each server in its own schema, dropped afterwards, so repeated runs start clean).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import Pusher from 'pusher';
import PusherClient from 'pusher-js';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { Transporter } from 'nodemailer';
import { buildApp } from '../src/app.js';
import { ManualClock } from '../src/domain/clock.js';
import type { Publisher } from '../src/services/publisher.js';
import type { PaymentGateway } from '../src/services/payments.js';
import type { Dialect } from '../src/db/index.js';
import type { AppNotification, Job, Message } from 'shared/src/contracts/entities';

export type { Dialect };

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || null;
export const DIALECTS: Dialect[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export const PUSHER = { appId: 'app-id', key: 'app-key', secret: 'app-secret' };

export interface Published {
  userId: number;
  /** 'Message', 'Job' or 'Notification'. */
  event: string;
  /** The entity the event carries (a Message, Job or AppNotification, by `event`). */
  data: Partial<Message & Job & AppNotification>;
  /** The asking tab's connection, left out. */
  exceptSocketId?: string;
}

/** Records what the API publishes; signs channels with the real pusher SDK. */
export class RecordingPublisher implements Publisher {
  readonly events: Published[] = [];
  private readonly sdk = new Pusher({ ...PUSHER, host: '127.0.0.1', port: '1', useTLS: false });

  publish(events: Array<{ userId: number; event: string; data: unknown }>): void {
    // The API publishes entities only (routes/chats.ts, routes/jobs.ts, queries/notifications.ts).
    this.events.push(...(events as Published[]));
  }

  authorizeChannel(socketId: string, channel: string) {
    return this.sdk.authorizeChannel(socketId, channel);
  }

  /** The users whose realtime connections the API asked to end, in order. */
  readonly connectionsEnded: number[] = [];

  endConnectionsOf(userId: number): void {
    this.connectionsEnded.push(userId);
  }

  async waitFor(pred: (e: Published) => boolean, timeoutMs = 3000): Promise<Published> {
    const started = Date.now();
    for (;;) {
      const found = this.events.find(pred);
      if (found) return found;
      if (Date.now() - started > timeoutMs) throw new Error('event not published in time');
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

/**
 * A response body is untyped JSON: the suites assert on its shape (hence the no-unsafe-* override
 * for api/test in eslint.config.mjs) or name the type they expect, `s.req<T>(...)`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the default of Res, req and request: untyped JSON, see above
export type Json = any;

export interface Res<T = Json> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  token?: string;
  json?: unknown;
  form?: FormData;
  urlencoded?: Record<string, string>;
  headers?: Record<string, string>;
}

export interface TestServer {
  dialect: Dialect;
  url: string;
  app: FastifyInstance;
  clock: ManualClock;
  publisher: RecordingPublisher;
  uploadsDir: string;
  req<T = Json>(method: string, urlPath: string, options?: RequestOptions): Promise<Res<T>>;
  close(): Promise<void>;
}

export function newSchemaName(): string {
  return `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL! });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}

export async function request<T = Json>(
  baseUrl: string,
  method: string,
  urlPath: string,
  options: RequestOptions = {},
): Promise<Res<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | FormData | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  } else if (options.urlencoded) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.urlencoded).toString();
  }
  const res = await fetch(baseUrl + urlPath, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

export async function startTestServer(
  dialect: Dialect,
  options: {
    clock?: ManualClock;
    mailTransport?: Transporter;
    /** Booking e-mails in the background, as with an SMTP server. */
    mailInBackground?: boolean;
    /** 'pusher': publish for real through the pusher SDK (config.pusher), instead of recording. */
    publisher?: Publisher | 'pusher';
    config?: Record<string, unknown>;
    /** PostgreSQL only: connect here instead of TEST_DATABASE_URL (through a relay, say). */
    databaseUrl?: string;
    /** PostgreSQL connections (5 unless given); 1 puts every query on one session, to inspect it. */
    poolSize?: number;
    /** The card processor (the sandbox unless given). */
    payments?: PaymentGateway;
    /** Fastify's logger option (off unless given), e.g. `{ level: 'warn', stream }` to read what is logged. */
    logger?: { level: string; stream: { write(line: string): void } };
  } = {},
): Promise<TestServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-'));
  const schema = dialect === 'postgres' ? newSchemaName() : undefined;
  const clock = options.clock ?? new ManualClock(Date.UTC(2025, 5, 15, 12, 0, 0));
  const publisher = new RecordingPublisher();
  const uploadsDir = path.join(dir, 'uploads');
  const app = await buildApp({
    config: {
      env: 'test',
      uploadsDir,
      sandboxLedgerPath: path.join(dir, 'sandbox-ledger.db'),
      // Every test user signs up, and every test card is tokenised, from 127.0.0.1 (throttle tests set their own).
      signupsPerAddressPerHour: 1_000_000,
      sandboxTokensPerAddressPerMinute: 1_000_000,
      ...options.config,
    },
    database:
      dialect === 'postgres'
        ? { databaseUrl: options.databaseUrl ?? TEST_DATABASE_URL!, pgSchema: schema, poolSize: options.poolSize ?? 5 }
        : { databaseUrl: null, sqlitePath: path.join(dir, 'app.db') },
    clock,
    publisher: options.publisher === 'pusher' ? undefined : (options.publisher ?? publisher),
    mailTransport: options.mailTransport,
    mailInBackground: options.mailInBackground,
    payments: options.payments,
    logger: options.logger,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    dialect,
    url,
    app,
    clock,
    publisher,
    uploadsDir,
    req: (method, urlPath, opts) => request(url, method, urlPath, opts),
    async close() {
      await app.close();
      if (schema) await dropSchema(schema);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

let seq = 0;
export function uniqueEmail(prefix = 'user'): string {
  seq += 1;
  return `${prefix}${seq}.${randomBytes(3).toString('hex')}@example.com`;
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
  token: string;
  role: 'Customer' | 'Provider';
}

/** Registers and logs in a user through the API. */
export async function signUp(
  server: TestServer,
  role: 'Customer' | 'Provider',
  extra: Record<string, unknown> = {},
): Promise<TestUser> {
  const email = uniqueEmail(role.toLowerCase());
  const password = 'secret123';
  const reg = await server.req('POST', '/api/auth/register', {
    json: {
      first_name: role === 'Customer' ? 'Cara' : 'Pete',
      last_name: 'Test',
      email,
      password,
      password_confirmation: password,
      role,
      ...extra,
    },
  });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  const login = await server.req('POST', '/api/auth/login', { json: { email, password, device_id: 'test', role } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  return { id: login.body.data.user.id, email, password, token: login.body.data.token, role };
}

/**
 * The customer opens a chat with the provider (as their Chat button does), after which the provider may
 * write too: a provider cannot start a conversation with a customer who has not booked them or opened one.
 */
export async function customerOpensChat(server: TestServer, customer: TestUser, provider: TestUser): Promise<number> {
  const res = await server.req('POST', '/api/chats/open', { token: customer.token, json: { user_id: provider.id } });
  if (res.status !== 200 && res.status !== 201) throw new Error(`open chat failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

/** A provider with a price who offers service 1 (created on demand). */
export async function signUpProvider(server: TestServer, price = 25): Promise<TestUser> {
  const provider = await signUp(server, 'Provider');
  const profile = await server.req('POST', '/api/auth/update-profile', {
    token: provider.token,
    json: { bio: 'Test driver', year_of_exp: 3, basic_price: price },
  });
  if (profile.status !== 200) throw new Error(`profile failed: ${JSON.stringify(profile.body)}`);
  const serviceId = await ensureService(server);
  const added = await server.req('POST', '/api/user-services', { token: provider.token, json: { service_id: serviceId } });
  if (added.status !== 201) throw new Error(`add service failed: ${JSON.stringify(added.body)}`);
  return provider;
}

/** Makes sure the services exist (tests start on an empty database) and answers Driver's id. */
export async function ensureService(server: TestServer): Promise<number> {
  const db = server.app.ctx.db;
  const existing = await db.selectFrom('services').select('id').where('name', '=', 'Driver').executeTakeFirst();
  if (existing) return existing.id;
  const now = server.clock.now().toISOString();
  await db
    .insertInto('services')
    .values([
      { name: 'Driver', description: 'Drivers', icon: '/static/icons/driver.svg', created_at: now },
      { name: 'Delivery', description: 'Deliveries', icon: '/static/icons/delivery.svg', created_at: now },
      { name: 'Shipping', description: 'Shipping', icon: '/static/icons/shipping.svg', created_at: now },
    ])
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return (await db.selectFrom('services').select('id').where('name', '=', 'Driver').executeTakeFirstOrThrow()).id;
}

export interface Parties {
  s: TestServer;
  serviceId: number;
  customer: TestUser;
  otherCustomer: TestUser;
  /** Offers Driver at 25. */
  provider: TestUser;
  /** Offers Driver at `otherProviderPrice` when one is given; otherwise a provider with no service. */
  otherProvider: TestUser;
}

/** A test server with the services, two customers and two providers, for the booking suites. */
export async function startWithParties(dialect: Dialect, otherProviderPrice?: number): Promise<Parties> {
  const s = await startTestServer(dialect);
  const serviceId = await ensureService(s);
  const [customer, otherCustomer, provider, otherProvider] = await Promise.all([
    signUp(s, 'Customer'),
    signUp(s, 'Customer'),
    signUpProvider(s, 25),
    otherProviderPrice === undefined ? signUp(s, 'Provider') : signUpProvider(s, otherProviderPrice),
  ]);
  return { s, serviceId, customer, otherCustomer, provider, otherProvider };
}

export const GOOD_CARD = '4242424242424242';
export const DECLINED_CARD = '4000000000000002';

/** Tokenises a card with the sandbox processor and saves it; answers the payment method. */
export async function addCard(
  server: TestServer,
  user: TestUser,
  number = GOOD_CARD,
): Promise<{ id: number; card_brand: string; card_last4: string }> {
  const tok = await server.req('POST', '/sandbox/v1/tokens', {
    json: { card_name: 'Cara Test', card_number: number, exp_month: 12, exp_year: 2030, cvc: '123' },
  });
  if (tok.status !== 200) throw new Error(`tokenise failed: ${JSON.stringify(tok.body)}`);
  const saved = await server.req('POST', '/api/payment-methods', { token: user.token, json: { token: tok.body.id } });
  if (saved.status !== 201) throw new Error(`save card failed: ${JSON.stringify(saved.body)}`);
  return saved.body.data;
}

export function bookingBody(providerId: number, serviceId: number, paymentMethodId: number, extra: Record<string, unknown> = {}) {
  return {
    service_id: serviceId,
    status: 'Pending',
    provider_id: providerId,
    address: '1 Pick Street',
    destination_address: '2 Drop Avenue',
    // Far ahead: bookings are refused for a past date, and some suites run on the real clock.
    day: '2099-06',
    date: '2099-06-20',
    time: '10:30',
    custom_time: 'after lunch',
    payment_method_id: paymentMethodId,
    cvv: '123',
    // The suites book the same ride again and again for one customer: a second one on purpose. The refusal of
    // the same booking made twice by mistake (no book_again) is tested in races.test.ts.
    book_again: true,
    ...extra,
  };
}

/** Smallest valid files, by magic bytes. */
export const FILES = {
  png: Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e2f0d1f30000000049454e44ae426082',
    'hex',
  ),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  html: Buffer.from('<html><script>alert(1)</script></html>'),
};

export function formWith(
  fields: Record<string, string | number>,
  file?: { field: string; data: Buffer; name: string; type: string },
): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  if (file) form.append(file.field, new Blob([file.data], { type: file.type }), file.name);
  return form;
}

/** A pusher-js client configured as the browser's (shared/src/realtime/connection.ts), against a realtime server on this machine. */
export function browserRealtimeClient(realtimePort: number, apiUrl: string, user: Pick<TestUser, 'token'>): PusherClient {
  return new PusherClient(PUSHER.key, {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: realtimePort,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: {
      endpoint: `${apiUrl}/broadcasting/auth`,
      transport: 'ajax',
      headers: { Authorization: `Bearer ${user.token}` },
    },
  });
}
