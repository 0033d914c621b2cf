/**
 * Realtime fan-out capacity of the embedded Pusher-protocol server (src/realtime): N subscribed
 * WebSocket clients speaking the Pusher protocol (bench/subscribers.ts, in two child processes),
 * events published through the official `pusher` SDK's HTTP API (`triggerBatch`, up to 10 events a
 * request, over kept-alive connections: the path and batching the API publishes by), at a paced
 * (open-loop) rate that steps up until delivery fails its goal: every event delivered and p99
 * latency from the publish call to the frame's arrival at the client at most BENCH_FANOUT_P99_MS
 * (50 ms). Two shapes:
 *
 *  - broadcast: each event goes to one channel that all N clients subscribe to (N deliveries each);
 *  - private:   each event goes to one client's own private channel, round robin over the N clients
 *               (as the app's chat and job events go to one user).
 *
 * The highest passing rate of each is reported. A failing step is run once more (the machine may be
 * shared), and the ladder ends at two failing rates in a row; then one step between the last pass
 * and the first of those failures narrows it down.
 */
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import PusherServer from 'pusher';
import { fmt } from './stats.js';
import {
  nowMs,
  type FanoutPayload,
  type FromSubscribers,
  type StepSamples,
  type SubscribersReady,
  type ToSubscribers,
} from './subscribers.js';

export interface FanoutOptions {
  clients: number;
  realtimePort: number;
  appId: string;
  key: string;
  secret: string;
  /** Seconds of publishing per step. */
  stepSeconds: number;
  p99GoalMs: number;
}

export interface FanoutStep {
  shape: Shape;
  rate: number;
  /** Events actually published per second (the pacing may fall behind at high rates). */
  achieved: number;
  published: number;
  publishFailures: number;
  expected: number;
  delivered: number;
  misdelivered: number;
  p50: number;
  p99: number;
  max: number;
  pass: boolean;
}

export type Shape = 'broadcast' | 'private';

export interface FanoutFigures {
  clients: number;
  subscribed: number;
  connectMs: number;
  steps: FanoutStep[];
  best: Record<Shape, FanoutStep | undefined>;
}

const LADDERS: Record<Shape, number[]> = {
  broadcast: [1, 2, 5, 10, 20, 50, 100, 200, 400, 800],
  private: [25, 50, 100, 200, 500, 1000, 2000, 4000, 8000],
};
const EVENT = 'Bench';
const BROADCAST_CHANNEL = 'bench-fanout';
const PRIVATE_PREFIX = 'private-bench.';
/** Publish requests in flight at most; a step that needs more is falling behind and fails. */
const MAX_IN_FLIGHT = 256;
/** After the last publish is answered, how long stragglers may still arrive. */
const GRACE_MS = 1000;
/** Processes the clients are spread over. */
const CLIENT_PROCESSES = 2;
/** Pusher's limit of events in one batch request. */
const BATCH = 10;

const log = (...args: unknown[]) => console.log('[bench]', ...args);

interface Subscribers {
  child: ChildProcess;
  ask: (m: ToSubscribers) => Promise<FromSubscribers>;
}

function startSubscribers(): Subscribers {
  const child = fork(fileURLToPath(new URL('./subscribers.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // Typed arrays of latencies cross the IPC channel as they are.
    serialization: 'advanced',
  });
  const ask = (m: ToSubscribers) =>
    new Promise<FromSubscribers>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`a subscribers process exited (${code})`));
      child.once('exit', onExit);
      child.once('message', (answer: FromSubscribers) => {
        child.off('exit', onExit);
        if ('error' in answer) reject(new Error(answer.error));
        else resolve(answer);
      });
      child.send(m);
    });
  return { child, ask };
}

/** Nearest-rank percentile of sorted samples. */
const rank = (sorted: Float64Array, p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : Number.NaN;

export async function fanout(opts: FanoutOptions): Promise<FanoutFigures> {
  const groups = Array.from({ length: CLIENT_PROCESSES }, startSubscribers);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32, maxFreeSockets: 32 });
  const pusher = new PusherServer({
    appId: opts.appId,
    key: opts.key,
    secret: opts.secret,
    host: '127.0.0.1',
    port: String(opts.realtimePort),
    useTLS: false,
    timeout: 5000,
    agent,
  });
  try {
    const per = Math.ceil(opts.clients / groups.length);
    const connectStart = nowMs();
    const answers = await Promise.all(
      groups.map((g, i) =>
        g.ask({
          connect: {
            first: i * per,
            count: Math.max(0, Math.min(per, opts.clients - i * per)),
            realtimePort: opts.realtimePort,
            key: opts.key,
            secret: opts.secret,
            broadcastChannel: BROADCAST_CHANNEL,
            privatePrefix: PRIVATE_PREFIX,
            event: EVENT,
          },
        }),
      ),
    );
    const ready: SubscribersReady = { subscribed: 0, failed: 0, ms: nowMs() - connectStart };
    for (const answer of answers) {
      const part = (answer as { ready: SubscribersReady }).ready;
      ready.subscribed += part.subscribed;
      ready.failed += part.failed;
    }
    log(
      `fan-out: ${ready.subscribed}/${opts.clients} WebSocket clients (Pusher protocol 7, in ${groups.length} processes) subscribed to ` +
        `'${BROADCAST_CHANNEL}' and each to its own private channel in ${fmt(ready.ms / 1000, 2)} s`,
    );
    if (ready.subscribed !== opts.clients) throw new Error(`only ${ready.subscribed} of ${opts.clients} clients subscribed`);

    /** A publish whose answer failed (timed out) may still have reached the server and been delivered. */
    const failedButDelivered = (delivered: number, expected: number) =>
      delivered > expected ? ` (${delivered - expected} deliveries came from them all the same)` : '';

    let stepId = 0;
    const steps: FanoutStep[] = [];

    async function step(shape: Shape, rate: number): Promise<FanoutStep> {
      const id = ++stepId;
      const total = Math.max(1, Math.round(rate * opts.stepSeconds));
      const pending = new Set<Promise<void>>();
      let published = 0;
      let publishFailures = 0;
      let overloaded = false;
      /** Publishes events first..last-1 in one batch request. */
      const publish = (first: number, last: number) => {
        const t = nowMs();
        const batch = [];
        for (let k = first; k < last; k++) {
          const to = shape === 'broadcast' ? -1 : k % opts.clients;
          const payload: FanoutPayload = { s: id, k, t, to };
          batch.push({ channel: to === -1 ? BROADCAST_CHANNEL : `${PRIVATE_PREFIX}${to}`, name: EVENT, data: payload });
        }
        const p = pusher
          .triggerBatch(batch)
          .then(
            async (res) => {
              await (res as unknown as { text(): Promise<string> }).text();
              published += last - first;
            },
            () => {
              publishFailures += last - first;
            },
          )
          .finally(() => pending.delete(p));
        pending.add(p);
      };
      const start = performance.now();
      let k = 0;
      while (k < total) {
        const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000) + 1);
        while (k < due) {
          if (pending.size >= MAX_IN_FLIGHT) {
            overloaded = true;
            await Promise.race(pending);
          }
          const last = Math.min(due, k + BATCH);
          publish(k, last);
          k = last;
        }
        const next = start + (k * 1000) / rate - performance.now();
        if (k < total) await new Promise((r) => setTimeout(r, Math.max(0, next)));
      }
      await Promise.all(pending);
      const achieved = (total / (performance.now() - start)) * 1000;
      await new Promise((r) => setTimeout(r, GRACE_MS));
      const parts = await Promise.all(groups.map((g) => g.ask({ collect: id })));
      const samples = parts.map((a) => (a as { samples: StepSamples }).samples);
      const all = new Float64Array(samples.reduce((n, x) => n + x.latencies.length, 0));
      let offset = 0;
      for (const x of samples) {
        all.set(x.latencies, offset);
        offset += x.latencies.length;
      }
      all.sort();
      const summary = {
        delivered: all.length,
        misdelivered: samples.reduce((n, x) => n + x.misdelivered, 0),
        p50: rank(all, 50),
        p99: rank(all, 99),
        max: all.length ? all[all.length - 1] : Number.NaN,
      };
      const expected = shape === 'broadcast' ? published * opts.clients : published;
      const figures: FanoutStep = {
        shape,
        rate,
        achieved,
        published,
        publishFailures,
        expected,
        delivered: summary.delivered,
        misdelivered: summary.misdelivered,
        p50: summary.p50,
        p99: summary.p99,
        max: summary.max,
        pass:
          !overloaded &&
          publishFailures === 0 &&
          summary.misdelivered === 0 &&
          summary.delivered === expected &&
          achieved >= rate * 0.95 &&
          summary.p99 <= opts.p99GoalMs,
      };
      log(
        `fan-out ${shape} ${rate} events/s (${fmt(achieved, 0)} achieved, ${fmt(achieved * (shape === 'broadcast' ? opts.clients : 1), 0)} deliveries/s): ` +
          `${summary.delivered}/${expected} delivered, p50 ${fmt(summary.p50)} ms, p99 ${fmt(summary.p99)} ms, max ${fmt(summary.max)} ms` +
          `${publishFailures ? `, ${publishFailures} publishes failed${failedButDelivered(summary.delivered, expected)}` : ''}${overloaded ? ', publisher fell behind' : ''} -> ${figures.pass ? 'pass' : 'FAIL'}`,
      );
      steps.push(figures);
      return figures;
    }

    const best: Record<Shape, FanoutStep | undefined> = { broadcast: undefined, private: undefined };
    for (const shape of ['broadcast', 'private'] as const) {
      // The first of the failing rungs that end the ladder (two in a row: one noisy rung on a shared
      // machine does not end it).
      let failedAt: number | undefined;
      let failuresInARow = 0;
      for (const rate of LADDERS[shape]) {
        let result = await step(shape, rate);
        if (!result.pass) result = await step(shape, rate);
        if (result.pass) {
          best[shape] = result;
          failuresInARow = 0;
          failedAt = undefined;
          continue;
        }
        failedAt ??= rate;
        if (++failuresInARow === 2) break;
      }
      const lastPass = best[shape]?.rate;
      if (failedAt !== undefined && lastPass !== undefined) {
        const between = Math.round(Math.sqrt(lastPass * failedAt));
        if (between > lastPass && between < failedAt) {
          const result = await step(shape, between);
          if (result.pass) best[shape] = result;
        }
      }
      // Let the server drain before the next shape.
      await new Promise((r) => setTimeout(r, 500));
    }
    return { clients: opts.clients, subscribed: ready.subscribed, connectMs: ready.ms, steps, best };
  } finally {
    agent.destroy();
    await Promise.all(
      groups.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            child.send('stop');
          }),
      ),
    );
  }
}
