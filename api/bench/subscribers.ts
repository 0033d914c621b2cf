/**
 * Subscribed clients of the fan-out measurement (bench/fanout.ts), in child processes of their own so
 * that the publisher's pacing in the parent and the clients' message handling do not share an event
 * loop. Each client is a WebSocket connection speaking the Pusher protocol 7 as pusher-js does
 * (`/app/{key}?protocol=7`, `pusher:subscribe`, private channels signed
 * `key:HMAC-SHA256(secret, "socket_id:channel")` as the API's /broadcasting/auth signs them),
 * subscribed to the public channel every client shares and to a private channel of its own.
 *
 * On each frame a client only notes the time and keeps the text; the frames are read when the parent
 * asks for a step's figures. So the figures measure the server (and the loopback network), not the
 * cost of 500 client libraries sharing one or two CPUs. Times come from `process.hrtime` - the one
 * monotonic clock of the machine, comparable across processes - and each event's data carries the
 * time it was published.
 */
import { WebSocket } from 'ws';
import { signChannel } from '../src/realtime/protocol.js';

export interface SubscribersRequest {
  /** Clients first..first+count-1 of the whole run live in this process. */
  first: number;
  count: number;
  realtimePort: number;
  key: string;
  secret: string;
  broadcastChannel: string;
  /** Client i subscribes to `${privatePrefix}${i}`. */
  privatePrefix: string;
  event: string;
}

export interface SubscribersReady {
  subscribed: number;
  failed: number;
  ms: number;
}

export interface StepSamples {
  step: number;
  /** Delivery latencies of this step's events at this process's clients, ms. */
  latencies: Float64Array;
  misdelivered: number;
}

export type ToSubscribers = { connect: SubscribersRequest } | { collect: number } | 'stop';
export type FromSubscribers = { ready: SubscribersReady } | { samples: StepSamples } | { error: string };

/** What a published event's data holds: step, sequence number, publish time (ms, hrtime clock), target client (-1: all). */
export interface FanoutPayload {
  s: number;
  k: number;
  t: number;
  to: number;
}

export const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

const reply = (message: FromSubscribers) => process.send!(message);

/** Frames as received: arrival time, receiving client, text. Read at collect time. */
let arrivals: Array<[number, number, string]> = [];
const sockets: WebSocket[] = [];
let eventName = '';

function connectOne(request: SubscribersRequest, index: number): Promise<boolean> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${request.realtimePort}/app/${request.key}?protocol=7&client=js&version=8.4.0`);
    sockets.push(ws);
    const channels = [request.broadcastChannel, `${request.privatePrefix}${index}`];
    let pending = channels.length;
    let settled = false;
    const settle = (ok: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(ok);
    };
    const timer = setTimeout(() => settle(false), 20_000);
    ws.on('error', () => settle(false));
    ws.on('message', (raw: Buffer) => {
      if (settled) {
        arrivals.push([nowMs(), index, raw.toString('utf8')]);
        return;
      }
      const message = JSON.parse(raw.toString('utf8')) as { event: string; data?: string };
      if (message.event === 'pusher:connection_established') {
        const socketId = (JSON.parse(message.data ?? '{}') as { socket_id: string }).socket_id;
        for (const channel of channels) {
          const auth = channel.startsWith('private-') ? signChannel(request.key, request.secret, socketId, channel) : undefined;
          ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, ...(auth ? { auth } : {}) } }));
        }
      } else if (message.event === 'pusher_internal:subscription_succeeded') {
        if (--pending === 0) settle(true);
      } else if (message.event === 'pusher:error' || message.event === 'pusher:subscription_error') {
        settle(false);
      }
    });
  });
}

async function connect(request: SubscribersRequest): Promise<SubscribersReady> {
  eventName = request.event;
  const started = nowMs();
  let subscribed = 0;
  let failed = 0;
  for (let i = 0; i < request.count; i += 50) {
    const batch = Array.from({ length: Math.min(50, request.count - i) }, (_, j) => connectOne(request, request.first + i + j));
    for (const ok of await Promise.all(batch)) {
      if (ok) subscribed++;
      else failed++;
    }
  }
  return { subscribed, failed, ms: nowMs() - started };
}

/** The latencies of one step's events (frames of other steps stay for their own collect). */
function collect(step: number): StepSamples {
  const latencies: number[] = [];
  let misdelivered = 0;
  const rest: Array<[number, number, string]> = [];
  for (const arrival of arrivals) {
    const [at, index, text] = arrival;
    const message = JSON.parse(text) as { event: string; data?: string };
    if (message.event !== eventName || !message.data) continue;
    const payload = JSON.parse(message.data) as FanoutPayload;
    if (payload.s !== step) {
      if (payload.s > step) rest.push(arrival);
      continue;
    }
    if (payload.to !== -1 && payload.to !== index) misdelivered++;
    else latencies.push(at - payload.t);
  }
  arrivals = rest;
  return { step, latencies: Float64Array.from(latencies), misdelivered };
}

process.on('message', (message: ToSubscribers) => {
  if (message === 'stop') {
    for (const ws of sockets) ws.terminate();
    setTimeout(() => process.exit(0), 100);
  } else if ('connect' in message) {
    connect(message.connect).then(
      (ready) => reply({ ready }),
      (err: unknown) => reply({ error: (err as Error).stack ?? String(err) }),
    );
  } else if ('collect' in message) {
    reply({ samples: collect(message.collect) });
  }
});
process.on('disconnect', () => process.exit(0));
