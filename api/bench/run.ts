/**
 * The API benchmark (`npm run bench -w api`). Not a test: it prints figures.
 *
 *  1. HTTP: autocannon against GET /api/jobs for a customer with 50 jobs in a table of 100 000
 *     (SQLite in a temp file; also PostgreSQL when BENCH_DATABASE_URL is set, in a throw-away
 *     schema), against a bare Fastify route answering {hello:'world'} and against a bare Fastify
 *     route answering the same 30 KB answer already serialised (what HTTP alone costs for it);
 *     requests per second, p50/p99 latency, the ratio, and the server process's CPU time per request.
 *  2. Realtime delivery: 500 pusher-js clients, each its own user subscribed to its own
 *     private-message.{id} channel and authorised by the API's POST /broadcasting/auth (pusher-js's
 *     own form-posting authoriser); 1 000 messages sent through POST /api/chats (multipart, as the
 *     app sends them), first as a closed-loop burst, then paced at half its throughput; latency
 *     from the POST to the event's arrival at the recipient's client.
 *  3. The floor of GET /api/jobs (bench/floor.ts): the same list query on the bare database driver
 *     plus JSON.stringify of the same answer, in-process with no HTTP, as iterations per second;
 *     GET /api/jobs is reported as a percentage of it (goal >= 80 %) beside the bare-Fastify figure,
 *     and beside the same floor's work answered per request by a bare Fastify route (no
 *     authentication, no hooks): the most any HTTP server in this process reaches with that work.
 *     The floor and those two HTTP targets are measured in turns (BENCH_ROUNDS rounds of a period of
 *     the floor, then a run of each target), so that they see the same machine.
 *  4. Realtime fan-out (bench/fanout.ts): 500 WebSocket clients (Pusher protocol) subscribed on the
 *     embedded realtime server, events published through the pusher SDK at a rate stepped up until
 *     p99 delivery exceeds 50 ms; the highest passing rate, for an event to all 500 clients and for
 *     events each to one client.
 *
 * The servers run in a child process (bench/serve.ts); everything is on 127.0.0.1, bounded in count
 * and time, and the run stops by itself. Tunables (clamped): BENCH_DURATION (s, default 10),
 * BENCH_CONNECTIONS (20), BENCH_CLIENTS (500), BENCH_MESSAGES (1000 per phase), BENCH_RATE (msg/s of
 * the paced phase; default half the burst's throughput), BENCH_INFLIGHT (20, burst phase),
 * BENCH_FLOOR_DURATION (s, default 5), BENCH_ROUNDS (5; the floor's time and the load runs against it are split
 * into this many turns), BENCH_FANOUT_STEP (s per rate step, default 3),
 * BENCH_FANOUT_P99_MS (50).
 */
import assert from 'node:assert/strict';
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Pusher from 'pusher-js';
import { sql } from 'kysely';
import { createDb, type DbOptions } from '../src/db/index.js';
import { migrateToLatest } from '../src/db/migrations.js';
import { fanout, type FanoutFigures } from './fanout.js';
import { logFloorFigures, openFloor, type FloorFigures, type FloorSession } from './floor.js';
import { seed, type BenchUser, type SeedResult } from './seed.js';
import type { ServeReady, ServeRequest } from './serve.js';
import { fmt, percentile, table } from './stats.js';

function envInt(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, Math.round(n)));
}

const SETTINGS = {
  duration: envInt('BENCH_DURATION', 10, 1, 60),
  warmup: 2,
  connections: envInt('BENCH_CONNECTIONS', 20, 1, 200),
  clients: envInt('BENCH_CLIENTS', 500, 2, 2000) & ~1,
  messages: envInt('BENCH_MESSAGES', 1000, 1, 10_000),
  inflight: envInt('BENCH_INFLIGHT', 20, 1, 100),
  /** Offered rate of the paced phase; default: half the burst phase's throughput. */
  rate: process.env.BENCH_RATE ? envInt('BENCH_RATE', 50, 1, 1000) : undefined,
  floorDuration: envInt('BENCH_FLOOR_DURATION', 5, 1, 60),
  /** Rounds in which the floor and the HTTP runs measured against it alternate. */
  rounds: envInt('BENCH_ROUNDS', 5, 1, 20),
  fanoutStep: envInt('BENCH_FANOUT_STEP', 3, 1, 30),
  fanoutP99Ms: envInt('BENCH_FANOUT_P99_MS', 50, 1, 10_000),
  totalJobs: 100_000,
  ownJobs: 50,
  customers: 2000,
  providers: 1000,
};
/** Hard limit of the whole run. */
const RUN_DEADLINE_MS = 15 * 60_000;
const DELIVERY_WAIT_MS = 30_000;

const log = (...args: unknown[]) => console.log('[bench]', ...args);

// ---------------------------------------------------------------- servers (child process)

interface Servers {
  ready: ServeReady;
  /** CPU time of the servers' process so far (user + system, all its threads), µs. */
  cpu: () => Promise<number>;
  stop(): Promise<void>;
}

const children = new Set<ChildProcess>();

function startServers(request: ServeRequest): Promise<Servers> {
  const child = fork(fileURLToPath(new URL('./serve.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.send('stop');
    });
  const cpuWaiters: Array<(us: number) => void> = [];
  const cpu = () =>
    new Promise<number>((resolve) => {
      cpuWaiters.push(resolve);
      child.send('cpu');
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('the servers did not start within 60 s'));
    }, 60_000);
    child.on('message', (m: { ready?: ServeReady; error?: string; cpu?: NodeJS.CpuUsage }) => {
      if (m.cpu) return cpuWaiters.shift()?.(m.cpu.user + m.cpu.system);
      clearTimeout(timer);
      if (m.ready) resolve({ ready: m.ready, cpu, stop });
      else if (m.error) reject(new Error(`server process failed: ${m.error}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server process exited (${code}) before it was ready`));
    });
    child.send({ serve: request });
  });
}

// ---------------------------------------------------------------- HTTP load

interface HttpFigures {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** How long the load ran, s. */
  seconds: number;
  bad: number;
  /** CPU time of the server process per answered request, µs (when measured). */
  cpuUs?: number;
}

async function load(
  label: string,
  url: string,
  headers: Record<string, string> = {},
  serverCpu?: () => Promise<number>,
  run: { seconds: number; warmup: boolean } = { seconds: SETTINGS.duration, warmup: true },
): Promise<HttpFigures> {
  const base = { url, connections: SETTINGS.connections, headers };
  if (run.warmup) await autocannon({ ...base, duration: SETTINGS.warmup });
  const cpuBefore = await serverCpu?.();
  const r = await autocannon({ ...base, duration: run.seconds });
  const cpuAfter = await serverCpu?.();
  const figures: HttpFigures = {
    label,
    rps: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    seconds: r.duration,
    bad: r.non2xx + r.errors + r.timeouts,
    cpuUs: cpuBefore !== undefined && cpuAfter !== undefined ? (cpuAfter - cpuBefore) / r.requests.total : undefined,
  };
  if (run.warmup) logHttp(figures);
  return figures;
}

function logHttp(figures: HttpFigures): void {
  const cpuNote = figures.cpuUs === undefined ? '' : `, server CPU ${fmt(figures.cpuUs, 0)} µs per request`;
  log(
    `${figures.label}: ${fmt(figures.rps, 0)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms${cpuNote}, ${figures.bad} failed`,
  );
}

/** Runs of one target over several rounds as one: the rate over all of them, the median round's p50, the worst p99. */
function combine(runs: HttpFigures[]): HttpFigures {
  const requests = runs.reduce((sum, r) => sum + r.requests, 0);
  const seconds = runs.reduce((sum, r) => sum + r.seconds, 0);
  const cpu = runs.every((r) => r.cpuUs !== undefined) ? runs.reduce((sum, r) => sum + r.cpuUs! * r.requests, 0) : undefined;
  return {
    label: runs[0].label,
    rps: requests / seconds,
    p50: percentile(
      runs.map((r) => r.p50),
      50,
    ),
    p99: Math.max(...runs.map((r) => r.p99)),
    requests,
    seconds,
    bad: runs.reduce((sum, r) => sum + r.bad, 0),
    cpuUs: cpu === undefined ? undefined : cpu / requests,
  };
}

interface FloorTarget {
  label: string;
  url: string;
  headers?: Record<string, string>;
}

/**
 * The HTTP targets measured against the floor, in rounds: a period of the floor's loop (the servers
 * idle), then a run of each target (the floor idle), over and over. A shared machine drifts by more
 * than the goal's margin within minutes (the floor's loop alone has read 294 and 434 µs an answer a few
 * minutes apart), so the floor and what is measured against it take turns on the same machine states
 * instead of being measured minutes apart.
 */
async function againstFloor(floor: FloorSession, targets: FloorTarget[], serverCpu: () => Promise<number>) {
  const seconds = Math.max(1, Math.round(SETTINGS.duration / SETTINGS.rounds));
  const runs = targets.map(() => [] as HttpFigures[]);
  for (const t of targets) {
    await autocannon({ url: t.url, connections: SETTINGS.connections, headers: t.headers ?? {}, duration: SETTINGS.warmup });
  }
  for (let round = 0; round < SETTINGS.rounds; round++) {
    await floor.run((SETTINGS.floorDuration * 1000) / SETTINGS.rounds);
    for (const [i, t] of targets.entries()) {
      runs[i].push(await load(t.label, t.url, t.headers, serverCpu, { seconds, warmup: false }));
    }
  }
  const figures = runs.map(combine);
  for (const f of figures) logHttp(f);
  return figures;
}

/** GET /api/jobs answers the floor's answer: the same JSON (its members may come in another order). */
async function checkJobs(apiPort: number, user: BenchUser, floorAnswer: string): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${apiPort}/api/jobs`, { headers: { authorization: `Bearer ${user.token}` } });
  const body = (await res.json()) as { data?: unknown[] };
  if (res.status !== 200 || !Array.isArray(body.data) || body.data.length !== SETTINGS.ownJobs) {
    throw new Error(`GET /api/jobs answered ${res.status} with ${Array.isArray(body.data) ? body.data.length : 'no'} jobs`);
  }
  assert.deepStrictEqual(body, JSON.parse(floorAnswer), "GET /api/jobs does not answer the floor's answer");
}

const floorOverHttpLabel = (engineName: string) =>
  `bare Fastify GET /floor: the floor's work per request, no auth or hooks (the most HTTP allows), ${engineName}`;

/** The bare server's GET /floor answers exactly the floor's answer. */
async function checkFloorOverHttp(barePort: number, floorAnswer: string): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${barePort}/floor`);
  const body = await res.text();
  if (res.status !== 200 || body !== floorAnswer) throw new Error(`GET /floor answered ${res.status} and not the floor's answer`);
}

// ---------------------------------------------------------------- realtime delivery

interface PhaseFigures {
  label: string;
  sent: number;
  postFailures: number;
  delivered: number;
  misdelivered: number;
  deliveryMs: number[];
  postMs: number[];
  rate: number;
  /** Publishes that reached the realtime server during the phase (PUBLISHES_PER_MESSAGE each). */
  published: number;
}

interface RealtimeFigures {
  clients: number;
  subscribed: number;
  authFailures: number;
  connectMs: number;
  phases: PhaseFigures[];
}

/**
 * What one message publishes (routes/chats.ts): 'Message' to the recipient, 'Message' to the sender's
 * other connections (not the sending one, named by X-Socket-ID) and the recipient's 'Notification'.
 */
const PUBLISHES_PER_MESSAGE = 3;

async function realtime(ready: ServeReady, seeded: SeedResult): Promise<RealtimeFigures> {
  const pairs = SETTINGS.clients / 2;
  const customers = seeded.customers.slice(0, pairs);
  const providers = seeded.providers.slice(0, pairs);
  const participants = [...customers, ...providers];
  const api = `http://127.0.0.1:${ready.apiPort}`;

  /** Message k goes between pair k % pairs, alternately customer -> provider and back. */
  const plan = (k: number) => {
    const customer = customers[k % pairs];
    const provider = providers[k % pairs];
    const fromCustomer = k % 2 === 0;
    return { customer, provider, sender: fromCustomer ? customer : provider, recipient: fromCustomer ? provider : customer };
  };
  const sentAt = new Map<number, number>();
  const deliveredAt = new Map<number, number>();
  let misdelivered = 0;

  // Connect every client and authorise its channel through the API, 50 at a time.
  const clients: Pusher[] = [];
  const clientOf = new Map<number, Pusher>();
  let subscribed = 0;
  let authFailures = 0;
  const connectStart = performance.now();
  const subscribeOne = (user: BenchUser) =>
    new Promise<void>((resolve) => {
      const client = new Pusher(ready.pusherKey, {
        cluster: 'mt1',
        wsHost: '127.0.0.1',
        wsPort: ready.realtimePort,
        forceTLS: false,
        enabledTransports: ['ws'],
        disableStats: true,
        // pusher-js's own authoriser: a form POST of socket_id and channel_name with the bearer token.
        channelAuthorization: {
          endpoint: `${api}/broadcasting/auth`,
          transport: 'ajax',
          headers: { Authorization: `Bearer ${user.token}` },
        },
      });
      clients.push(client);
      clientOf.set(user.id, client);
      const channel = client.subscribe(`private-message.${user.id}`);
      const timer = setTimeout(() => {
        authFailures++;
        resolve();
      }, 20_000);
      channel.bind('pusher:subscription_succeeded', () => {
        clearTimeout(timer);
        subscribed++;
        resolve();
      });
      channel.bind('pusher:subscription_error', () => {
        clearTimeout(timer);
        authFailures++;
        resolve();
      });
      channel.bind('Message', (msg: { message?: string }) => {
        const at = performance.now();
        const match = /^bench (\d+)$/.exec(msg.message ?? '');
        if (!match) return;
        const k = Number(match[1]);
        if (plan(k).recipient.id !== user.id) misdelivered++;
        else if (!deliveredAt.has(k)) deliveredAt.set(k, at);
      });
    });
  for (let i = 0; i < participants.length; i += 50) {
    await Promise.all(participants.slice(i, i + 50).map(subscribeOne));
  }
  const connectMs = performance.now() - connectStart;
  log(
    `realtime: ${subscribed}/${participants.length} clients subscribed in ${fmt(connectMs / 1000, 2)} s (${authFailures} refused)`,
  );

  // Each customer opens the chat with their provider first, as their Chat button does: a provider may
  // write only to a customer who booked them or opened a chat with them, and half the messages are theirs.
  let openFailures = 0;
  const openChat = async (i: number) => {
    const res = await fetch(`${api}/api/chats/open`, {
      method: 'POST',
      headers: { authorization: `Bearer ${customers[i].token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: providers[i].id }),
    });
    await res.arrayBuffer();
    if (res.status !== 200 && res.status !== 201) openFailures++;
  };
  for (let i = 0; i < pairs; i += 50) {
    await Promise.all(Array.from({ length: Math.min(50, pairs - i) }, (_, j) => openChat(i + j)));
  }
  if (openFailures) throw new Error(`realtime: ${openFailures} of ${pairs} chats could not be opened`);

  /** Sends message k as the app does (multipart) and records its timings. */
  const postMs: number[] = [];
  let postFailures = 0;
  async function sendOne(k: number): Promise<void> {
    const { customer, provider, sender } = plan(k);
    const form = new FormData();
    form.set('customer_id', String(customer.id));
    form.set('provider_id', String(provider.id));
    form.set('message_type', 'text');
    form.set('message', `bench ${k}`);
    const t0 = performance.now();
    sentAt.set(k, t0);
    try {
      const res = await fetch(`${api}/api/chats`, {
        method: 'POST',
        // As the app sends it: the sending tab's own connection does not get its copy (it has the answer).
        headers: { authorization: `Bearer ${sender.token}`, 'x-socket-id': clientOf.get(sender.id)?.connection.socket_id ?? '' },
        body: form,
      });
      await res.arrayBuffer();
      postMs.push(performance.now() - t0);
      if (res.status === 201) return;
    } catch {
      /* counted below */
    }
    postFailures++;
    sentAt.delete(k);
  }

  const realtimeStats = async () =>
    ((await (await fetch(`http://127.0.0.1:${ready.realtimePort}/`)).json()) as { eventsPublished: number }).eventsPublished;

  async function phase(label: string, first: number, send: (ks: number[]) => Promise<void>): Promise<PhaseFigures> {
    const ks = Array.from({ length: SETTINGS.messages }, (_, i) => first + i);
    postMs.length = 0;
    postFailures = 0;
    misdelivered = 0;
    const publishedBefore = await realtimeStats();
    const started = performance.now();
    await send(ks);
    const rate = (ks.length / (performance.now() - started)) * 1000;
    const deadline = Date.now() + DELIVERY_WAIT_MS;
    while (ks.some((k) => sentAt.has(k) && !deliveredAt.has(k)) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const deliveryMs = ks.filter((k) => sentAt.has(k) && deliveredAt.has(k)).map((k) => deliveredAt.get(k)! - sentAt.get(k)!);
    // Let publishes still on their way (or timing out in the API's SDK, 5 s) settle before counting.
    let published = (await realtimeStats()) - publishedBefore;
    for (let quiet = 0, i = 0; quiet < 5 && i < 60; i++) {
      await new Promise((r) => setTimeout(r, 200));
      const now = (await realtimeStats()) - publishedBefore;
      quiet = now === published ? quiet + 1 : 0;
      published = now;
    }
    const figures = {
      label,
      sent: ks.length - postFailures,
      postFailures,
      delivered: deliveryMs.length,
      misdelivered,
      deliveryMs,
      postMs: [...postMs],
      rate,
      published,
    };
    log(
      `realtime ${label}: ${figures.delivered}/${ks.length} delivered, p50 ${fmt(percentile(deliveryMs, 50))} ms, ` +
        `p99 ${fmt(percentile(deliveryMs, 99))} ms (${postFailures} POSTs failed, ${misdelivered} misdelivered, ` +
        `${published} of ${PUBLISHES_PER_MESSAGE * figures.sent} publishes reached the realtime server)`,
    );
    return figures;
  }

  const phases: PhaseFigures[] = [];
  // 1. Burst (closed loop): SETTINGS.inflight concurrent senders, each sending its next message as
  //    soon as the previous POST is answered - the API's capacity, and latency at saturation.
  const burst = await phase(`burst, ${SETTINGS.inflight} in flight`, 0, async (ks) => {
    let next = 0;
    const worker = async () => {
      while (next < ks.length) await sendOne(ks[next++]);
    };
    await Promise.all(Array.from({ length: SETTINGS.inflight }, worker));
  });
  phases.push(burst);
  // 2. Paced (open loop): one message every 1/rate s whatever the answers do, at BENCH_RATE or half
  //    the burst's throughput (at most 60 s) - delivery latency when the API keeps up.
  const rate = SETTINGS.rate ?? Math.max(Math.ceil(SETTINGS.messages / 60), Math.round(burst.rate / 2));
  phases.push(
    await phase(`paced, ${rate} msg/s offered`, SETTINGS.messages, async (ks) => {
      const start = performance.now();
      const pending = new Set<Promise<void>>();
      for (const [i, k] of ks.entries()) {
        const wait = start + (i * 1000) / rate - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        while (pending.size >= 200) await Promise.race(pending);
        const p = sendOne(k).finally(() => pending.delete(p));
        pending.add(p);
      }
      await Promise.all(pending);
    }),
  );

  for (const client of clients) client.disconnect();
  return { clients: participants.length, subscribed, authFailures, connectMs, phases };
}

// ---------------------------------------------------------------- the run

interface Engine {
  name: 'SQLite' | 'PostgreSQL';
  options: DbOptions;
  cleanup(): Promise<void>;
}

async function main(): Promise<void> {
  const watchdog = setTimeout(() => {
    console.error('[bench] the run exceeded its time limit; stopping');
    for (const child of children) child.kill('SIGKILL');
    process.exit(2);
  }, RUN_DEADLINE_MS);
  watchdog.unref();

  const work = mkdtempSync(path.join(tmpdir(), 'marketplace-bench-'));
  const engines: Engine[] = [
    { name: 'SQLite', options: { sqlitePath: path.join(work, 'bench.db') }, cleanup: async () => undefined },
  ];
  const pgUrl = process.env.BENCH_DATABASE_URL?.trim();
  if (pgUrl) {
    const schema = `bench_${process.pid}_${Date.now()}`;
    engines.push({
      name: 'PostgreSQL',
      options: { databaseUrl: pgUrl, pgSchema: schema },
      cleanup: async () => {
        const handle = createDb({ databaseUrl: pgUrl });
        try {
          await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(handle.db);
        } finally {
          await handle.destroy();
        }
      },
    });
  }

  const load1 = () => loadavg()[0].toFixed(1);
  const loadAtStart = load1();
  log(`machine: ${availableParallelism()} CPUs, load average ${loadAtStart} (1 min) at the start`);
  log(
    `settings: ${SETTINGS.duration} s per load run (after ${SETTINGS.warmup} s warm-up), ${SETTINGS.connections} connections; ` +
      `${SETTINGS.clients} realtime clients, ${SETTINGS.messages} messages, ${SETTINGS.inflight} in flight; ` +
      `floor ${SETTINGS.floorDuration} s in ${SETTINGS.rounds} turns with the load runs against it; fan-out steps of ${SETTINGS.fanoutStep} s, goal p99 <= ${SETTINGS.fanoutP99Ms} ms`,
  );

  const http: HttpFigures[] = [];
  const seeds: Array<{ engine: string; ms: number }> = [];
  const floors = new Map<string, { driver: FloorFigures; kysely: FloorFigures; answer: string }>();
  let rt: RealtimeFigures | undefined;
  let fan: FanoutFigures | undefined;
  try {
    for (const [index, engine] of engines.entries()) {
      log(`${engine.name}: migrating and seeding ${SETTINGS.totalJobs.toLocaleString('en-US')} jobs ...`);
      const handle = createDb(engine.options);
      let seeded: SeedResult;
      try {
        await migrateToLatest(handle);
        seeded = await seed(handle.db, SETTINGS);
      } finally {
        await handle.destroy();
      }
      seeds.push({ engine: engine.name, ms: seeded.ms });
      log(
        `${engine.name}: seeded ${seeded.jobs.toLocaleString('en-US')} jobs, ${seeded.customers.length + seeded.providers.length} users in ${fmt(seeded.ms / 1000, 2)} s`,
      );
      // The floor is checked and warmed up before the servers start; it is measured in turns with the HTTP runs against it.
      const floor = await openFloor(engine, seeded.subject.id, {
        warmupMs: 1000,
        concurrency: SETTINGS.connections,
        perPage: SETTINGS.ownJobs,
        jobs: SETTINGS.ownJobs,
      });
      let servers: Servers | undefined;
      try {
        servers = await startServers({
          ...engine.options,
          uploadsDir: path.join(work, 'uploads'),
          bareAnswer: floor.answer,
          floor: { engine: engine.name, subjectId: seeded.subject.id, perPage: SETTINGS.ownJobs },
        } as ServeRequest);
        const { apiPort, barePort } = servers.ready;
        await checkJobs(apiPort, seeded.subject, floor.answer);
        await checkFloorOverHttp(barePort, floor.answer);
        if (index === 0) {
          http.push(await load("bare Fastify GET / {hello:'world'}", `http://127.0.0.1:${barePort}/`, {}, servers.cpu));
          http.push(
            await load(
              `bare Fastify GET /answer: GET /api/jobs's answer, already serialised (HTTP alone)`,
              `http://127.0.0.1:${barePort}/answer`,
              {},
              servers.cpu,
            ),
          );
        }
        http.push(
          ...(await againstFloor(
            floor,
            [
              {
                label: `GET /api/jobs, ${engine.name} (50 of 100 000 jobs)`,
                url: `http://127.0.0.1:${apiPort}/api/jobs`,
                headers: { authorization: `Bearer ${seeded.subject.token}` },
              },
              { label: floorOverHttpLabel(engine.name), url: `http://127.0.0.1:${barePort}/floor` },
            ],
            servers.cpu,
          )),
        );
        const figures = floor.figures();
        logFloorFigures(figures.driver);
        logFloorFigures(figures.kysely);
        floors.set(engine.name, { ...figures, answer: floor.answer });
        if (index === 0) rt = await realtime(servers.ready, seeded);
        if (index === 0) {
          fan = await fanout({
            clients: SETTINGS.clients,
            realtimePort: servers.ready.realtimePort,
            appId: servers.ready.pusherAppId,
            key: servers.ready.pusherKey,
            secret: servers.ready.pusherSecret,
            stepSeconds: SETTINGS.fanoutStep,
            p99GoalMs: SETTINGS.fanoutP99Ms,
          });
        }
      } finally {
        await servers?.stop();
        await floor.close();
        await engine.cleanup().catch((err: unknown) => log(`cleanup of ${engine.name} failed: ${(err as Error).message}`));
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }

  // ---------------------------------------------------------------- report
  console.log(
    `\nmachine: ${availableParallelism()} CPUs, 1-minute load average ${loadAtStart} at the start and ${load1()} at the end ` +
      '(the figures are only comparable between quiet runs)',
  );
  const bare = http[0];
  console.log('\n## HTTP (autocannon, ' + `${SETTINGS.connections} connections, ${SETTINGS.duration} s each)\n`);
  console.log(
    table(
      ['target', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'failed', 'server CPU µs each', 'vs bare'],
      http.map((h) => [
        h.label,
        fmt(h.rps, 0),
        fmt(h.p50, 0),
        fmt(h.p99, 0),
        h.requests.toLocaleString('en-US'),
        String(h.bad),
        h.cpuUs === undefined ? '-' : fmt(h.cpuUs, 0),
        `${fmt((h.rps / bare.rps) * 100, 1)} %`,
      ]),
    ),
  );
  for (const h of http.filter((x) => x.label.startsWith('GET /api/jobs'))) {
    console.log(`ratio ${h.label} / bare: ${fmt(h.rps / bare.rps, 3)} (bare is ${fmt(bare.rps / h.rps, 1)}x faster)`);
  }
  const answerOnly = http.find((h) => h.label.startsWith('bare Fastify GET /answer'));

  console.log(
    `\n## GET /api/jobs against its floor (the same query on the bare driver + JSON.stringify, in-process, no HTTP; goal >= 80 %)\n`,
  );
  const percent = (ratio: number) => `${fmt(ratio * 100, 1)} %`;
  const apiOn = (engineName: string) => http.find((h) => h.label.startsWith('GET /api/jobs') && h.label.includes(engineName));
  const floorOverHttp = (engineName: string) => http.find((h) => h.label === floorOverHttpLabel(engineName));
  /** A row for an HTTP target; `floor` when it is measured against one. */
  const httpRow = (h: HttpFigures, floor?: FloorFigures): string[] => [
    h.label,
    fmt(h.rps, 0),
    fmt(h.p50 * 1000, 0),
    fmt(h.p99 * 1000, 0),
    floor ? percent(h.rps / floor.ips) : '',
    h.cpuUs === undefined ? '-' : fmt(h.cpuUs, 0),
    !floor ? '' : h.cpuUs === undefined ? '-' : percent(floor.cpuUs / h.cpuUs),
    percent(h.rps / bare.rps),
  ];
  const floorRows: string[][] = [];
  for (const [engineName, floor] of floors) {
    for (const f of [floor.driver, floor.kysely]) {
      floorRows.push([
        f.label,
        fmt(f.ips, 0),
        fmt(f.p50us, 0),
        fmt(f.p99us, 0),
        percent(f.ips / floor.driver.ips),
        fmt(f.cpuUs, 0),
        percent(floor.driver.cpuUs / f.cpuUs),
        '',
      ]);
    }
    const api = apiOn(engineName);
    if (api) floorRows.push(httpRow(api, floor.driver));
    const overHttp = floorOverHttp(engineName);
    if (overHttp) floorRows.push(httpRow(overHttp, floor.driver));
  }
  if (answerOnly) floorRows.push(httpRow(answerOnly));
  console.log(
    table(['', 'per s', 'p50 µs', 'p99 µs', 'of floor', 'CPU µs each', 'of floor by CPU', 'of bare Fastify'], floorRows),
  );
  console.log(
    "'of floor by CPU': the floor's CPU time per answer over this one's (for GET /api/jobs, the server process's CPU time " +
      'per request; autocannon runs in another process): the rate each would reach with a CPU to itself, which other work ' +
      'on the machine moves much less than the rates measured.',
  );
  for (const [engineName, floor] of floors) {
    const api = apiOn(engineName);
    if (!api) continue;
    const pct = (api.rps / floor.driver.ips) * 100;
    const byCpu = api.cpuUs === undefined ? undefined : (floor.driver.cpuUs / api.cpuUs) * 100;
    console.log(
      `GET /api/jobs on ${engineName}: ${fmt(pct, 1)} % of its floor (${fmt(api.rps, 0)} of ${fmt(floor.driver.ips, 0)} per s) ` +
        `${pct >= 80 ? 'meets' : 'misses'} the 80 % goal` +
        (byCpu === undefined
          ? ''
          : `; by CPU time ${fmt(byCpu, 1)} % (${fmt(api.cpuUs!, 0)} against ${fmt(floor.driver.cpuUs, 0)} µs per answer)`) +
        `; ${fmt((api.rps / bare.rps) * 100, 1)} % of bare Fastify`,
    );
    const overHttp = floorOverHttp(engineName);
    if (overHttp) {
      const ceiling = (overHttp.rps / floor.driver.ips) * 100;
      const ceilingByCpu = overHttp.cpuUs === undefined ? undefined : (floor.driver.cpuUs / overHttp.cpuUs) * 100;
      console.log(
        `  the floor's own work behind bare Fastify (no auth, no hooks) reaches ${fmt(ceiling, 1)} % of the floor` +
          (ceilingByCpu === undefined ? '' : ` (${fmt(ceilingByCpu, 1)} % by CPU time)`) +
          `: HTTP alone leaves ${fmt(100 - ceiling, 1)} points; GET /api/jobs reaches ${fmt((api.rps / overHttp.rps) * 100, 1)} % of that` +
          (overHttp.cpuUs === undefined || api.cpuUs === undefined
            ? ''
            : ` (${fmt((overHttp.cpuUs / api.cpuUs) * 100, 1)} % by CPU time)`),
      );
    }
  }
  console.log(`seeding: ${seeds.map((s) => `${s.engine} ${fmt(s.ms / 1000, 2)} s`).join(', ')}`);

  if (rt) {
    console.log(`\n## Realtime delivery (POST /api/chats -> 'Message' at the recipient's pusher-js client)\n`);
    console.log(
      `${rt.clients} clients, each its own user on its own private-message.{id} channel; ${rt.subscribed} authorised through ` +
        `POST /broadcasting/auth (${rt.authFailures} refused or timed out) in ${fmt(rt.connectMs / 1000, 2)} s; ` +
        `${SETTINGS.messages} messages per phase. 'published': events that reached the realtime server ` +
        `(each message makes ${PUBLISHES_PER_MESSAGE}: 'Message' to the recipient and to the sender's other connections, and 'Notification').\n`,
    );
    console.log(
      table(
        ['phase', 'msg/s', 'delivered', 'published', 'p50 ms', 'p99 ms', 'max ms', 'POST p50 ms', 'POST p99 ms'],
        rt.phases.map((p) => [
          p.label,
          fmt(p.rate, 0),
          `${p.delivered}/${SETTINGS.messages}`,
          `${p.published}/${PUBLISHES_PER_MESSAGE * p.sent}`,
          fmt(percentile(p.deliveryMs, 50)),
          fmt(percentile(p.deliveryMs, 99)),
          fmt(Math.max(...p.deliveryMs)),
          fmt(percentile(p.postMs, 50)),
          fmt(percentile(p.postMs, 99)),
        ]),
      ),
    );
  }
  if (fan) {
    console.log(
      `\n## Realtime fan-out (${fan.clients} subscribed WebSocket clients, Pusher protocol; pusher SDK triggerBatch publishes; ${SETTINGS.fanoutStep} s per step, goal p99 <= ${SETTINGS.fanoutP99Ms} ms)\n`,
    );
    console.log(
      table(
        ['shape', 'events/s', 'achieved', 'deliveries/s', 'delivered', 'p50 ms', 'p99 ms', 'max ms', ''],
        fan.steps.map((st) => [
          st.shape === 'broadcast' ? `one event to all ${fan.clients}` : 'one event to one client',
          String(st.rate),
          fmt(st.achieved, 0),
          fmt(st.achieved * (st.shape === 'broadcast' ? fan.clients : 1), 0),
          `${st.delivered}/${st.expected}`,
          fmt(st.p50),
          fmt(st.p99),
          fmt(st.max),
          st.pass ? 'pass' : 'FAIL',
        ]),
      ),
    );
    const b = fan.best.broadcast;
    const p = fan.best.private;
    console.log(
      `highest rate with p99 <= ${SETTINGS.fanoutP99Ms} ms to ${fan.clients} clients: ` +
        `${b ? `${b.rate} events/s to all of them (${fmt(b.rate * fan.clients, 0)} deliveries/s, p99 ${fmt(b.p99)} ms)` : 'none of the broadcast steps'}; ` +
        `${p ? `${p.rate} events/s each to one of them (p99 ${fmt(p.p99)} ms)` : 'none of the one-client steps'}` +
        `${fan.steps.some((st) => st.shape === 'private' && !st.pass) ? '' : ' (the one-client ladder ended without a failure: a lower bound)'}`,
    );
  }
  const ok =
    http.every((h) => h.bad === 0) &&
    (!rt ||
      rt.phases.every(
        (p) =>
          p.delivered === SETTINGS.messages &&
          p.misdelivered === 0 &&
          p.postFailures === 0 &&
          p.published === PUBLISHES_PER_MESSAGE * p.sent,
      ));
  if (!ok) console.log('\nWARNING: some requests failed or messages were not delivered (see above).');
  clearTimeout(watchdog);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error('[bench] failed:', err);
    for (const child of children) child.kill('SIGKILL');
    process.exit(1);
  },
);
