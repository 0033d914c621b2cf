/**
 * Realtime publishing from the API (services/publisher.ts, services/publishQueue.ts): the events of
 * one action go in one signed batch request; a failed or timed-out publish is retried until it is
 * delivered; the queue is bounded (beyond its capacity a publish is dropped with a warning) and
 * close() delivers what is pending.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { MAX_EVENT_DATA_BYTES, PusherPublisher } from '../src/services/publisher.js';
import { PublishQueue } from '../src/services/publishQueue.js';
import { DEFAULT_MAX_EVENT_BYTES, verifyHttpSignature } from '../src/realtime/protocol.js';
import { PUSHER } from './helpers.js';

interface Received {
  path: string;
  signed: boolean;
  batch: Array<{ channel: string; name: string; data: string }>;
}

/** Collects warnings as a logger would receive them. */
function recordingLog() {
  const warnings: Array<{ obj: object; msg: string }> = [];
  const log = { warn: (obj: object, msg: string) => void warnings.push({ obj, msg }) };
  return { warnings, log, fastifyLog: log as unknown as FastifyBaseLogger };
}

/**
 * A Pusher HTTP API stand-in on 127.0.0.1 whose answer to each publish is decided by the test
 * ('ok', an HTTP status, or 'hang': no answer at all). It records every publish it receives. Like
 * Pusher, it refuses a batch with an event whose data exceeds 10 KiB whole (413).
 */
function fakePusher() {
  const received: Received[] = [];
  const plan: Array<'ok' | 'hang' | number> = [];
  let server: Server;
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = Buffer.concat(chunks);
      const check = verifyHttpSignature({
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body,
        key: PUSHER.key,
        secret: PUSHER.secret,
      });
      received.push({
        path: url.pathname,
        signed: check.ok,
        batch: (JSON.parse(body.toString('utf8')) as { batch: Received['batch'] }).batch,
      });
      const batch = received.at(-1)!.batch;
      const oversize = batch.some((e) => Buffer.byteLength(e.data, 'utf8') > DEFAULT_MAX_EVENT_BYTES);
      const answer = oversize ? 413 : (plan.shift() ?? 'ok');
      if (answer === 'hang') return;
      res.writeHead(answer === 'ok' ? 200 : answer, { 'content-type': 'application/json' });
      res.end(answer === 'ok' ? '{}' : '{"error":"planned failure"}');
    });
  };
  return {
    received,
    plan,
    async start(): Promise<number> {
      server = createServer(handle);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.address() as { port: number }).port;
    },
    async stop(): Promise<void> {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('realtime publisher', () => {
  const fake = fakePusher();
  let port: number;
  before(async () => {
    port = await fake.start();
  });
  after(() => fake.stop());

  const publisherFor = (log: FastifyBaseLogger, options: ConstructorParameters<typeof PusherPublisher>[2] = {}) =>
    new PusherPublisher({ ...PUSHER, host: '127.0.0.1', port }, log, { retryBaseMs: 10, retryMaxMs: 50, ...options });

  test('both events of a message go in one signed batch request', async () => {
    fake.received.length = 0;
    const { warnings, fastifyLog } = recordingLog();
    const publisher = publisherFor(fastifyLog);
    publisher.publish([
      { userId: 7, event: 'Message', data: { id: 1, message: 'hello' } },
      { userId: 7, event: 'Notification', data: { id: 2, title: 'Chat' } },
    ]);
    await publisher.close();
    assert.equal(fake.received.length, 1);
    const [request] = fake.received;
    assert.equal(request.path, `/apps/${PUSHER.appId}/batch_events`);
    assert.ok(request.signed, 'signed as the Pusher HTTP API requires');
    assert.deepEqual(
      request.batch.map((e) => [e.channel, e.name, JSON.parse(e.data)]),
      [
        ['private-message.7', 'Message', { id: 1, message: 'hello' }],
        ['private-message.7', 'Notification', { id: 2, title: 'Chat' }],
      ],
    );
    assert.deepEqual(warnings, []);
  });

  test("publishes made in one tick go in one request while they fit in Pusher's batch of 10, in order", async () => {
    fake.received.length = 0;
    const { warnings, fastifyLog } = recordingLog();
    const publisher = publisherFor(fastifyLog);
    const message = (id: number) => [
      { userId: 7, event: 'Message', data: { id } },
      { userId: 8, event: 'Message', data: { id } },
      { userId: 7, event: 'Notification', data: { id } },
    ];
    for (let id = 1; id <= 4; id++) publisher.publish(message(id));
    await publisher.close();
    assert.deepEqual(
      fake.received.map((r) => r.batch.length),
      [9, 3],
    );
    const ids = fake.received.flatMap((r) => r.batch.map((e) => (JSON.parse(e.data) as { id: number }).id));
    assert.deepEqual(ids, [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]);
    assert.equal(publisher.stats.delivered, 4);
    assert.deepEqual(warnings, []);
  });

  test("an event over Pusher's 10 KiB limit is dropped with a warning; the others of its call and of a merged batch go out", async () => {
    assert.equal(MAX_EVENT_DATA_BYTES, 10 * 1024);
    fake.received.length = 0;
    const { warnings, fastifyLog } = recordingLog();
    const publisher = publisherFor(fastifyLog);
    // 3 000 emoji of 4 UTF-8 bytes: about 12 KB of JSON, though only 6 000 UTF-16 code units.
    const big = { id: 2, message: '\u{1F600}'.repeat(3000) };
    // Exactly at the limit (2-byte characters) goes out; a string is sent as it is.
    const atLimit = '\u00e9'.repeat(MAX_EVENT_DATA_BYTES / 2);
    // Published in one tick: waiting side by side, the three calls are merged into one batch request.
    publisher.publish([{ userId: 7, event: 'Message', data: { id: 1, message: 'before' } }]);
    publisher.publish([
      { userId: 8, event: 'Message', data: big },
      { userId: 7, event: 'Message', data: big, exceptSocketId: '1.2' },
      { userId: 8, event: 'Notification', data: { id: 3, title: 'Chat' } },
      { userId: 8, event: 'Edge', data: atLimit },
      { userId: 8, event: 'Over', data: `${atLimit}a` },
    ]);
    publisher.publish([{ userId: 9, event: 'Job', data: { id: 4, status: 'Accepted' } }]);
    await publisher.close();
    assert.deepEqual(
      fake.received.map((r) => r.batch.map((e) => `${e.name}@${e.channel}`)),
      [['Message@private-message.7', 'Notification@private-message.8', 'Edge@private-message.8', 'Job@private-message.9']],
    );
    assert.equal(fake.received[0].batch[2].data, atLimit);
    const bigBytes = Buffer.byteLength(JSON.stringify(big), 'utf8');
    assert.deepEqual(
      warnings.map((w) => [w.msg, w.obj]),
      [
        [
          'realtime event dropped: data too large',
          { event: 'Message', channel: 'private-message.8', bytes: bigBytes, limit: MAX_EVENT_DATA_BYTES },
        ],
        [
          'realtime event dropped: data too large',
          { event: 'Message', channel: 'private-message.7', bytes: bigBytes, limit: MAX_EVENT_DATA_BYTES },
        ],
        [
          'realtime event dropped: data too large',
          { event: 'Over', channel: 'private-message.8', bytes: MAX_EVENT_DATA_BYTES + 1, limit: MAX_EVENT_DATA_BYTES },
        ],
      ],
    );
    assert.deepEqual({ delivered: publisher.stats.delivered, failed: publisher.stats.failed }, { delivered: 3, failed: 0 });
  });

  test('a call whose events are all over the limit publishes nothing', async () => {
    fake.received.length = 0;
    const { warnings, fastifyLog } = recordingLog();
    const publisher = publisherFor(fastifyLog);
    publisher.publish([{ userId: 7, event: 'Message', data: 'x'.repeat(MAX_EVENT_DATA_BYTES + 1) }]);
    await publisher.close();
    assert.equal(fake.received.length, 0);
    assert.equal(publisher.stats.accepted, 0);
    assert.deepEqual(
      warnings.map((w) => w.msg),
      ['realtime event dropped: data too large'],
    );
  });

  test('a publish that fails once is retried and delivered', async () => {
    fake.received.length = 0;
    fake.plan.push(503);
    const { warnings, fastifyLog } = recordingLog();
    const publisher = publisherFor(fastifyLog);
    publisher.publish([{ userId: 3, event: 'Message', data: { id: 10 } }]);
    await publisher.close();
    assert.equal(fake.received.length, 2, 'the failed attempt, then the retry');
    assert.deepEqual(fake.received[1].batch, fake.received[0].batch, 'the same events again');
    assert.ok(fake.received[1].signed, 'the retry is signed afresh');
    assert.deepEqual(
      { delivered: publisher.stats.delivered, retried: publisher.stats.retried, failed: publisher.stats.failed },
      { delivered: 1, retried: 1, failed: 0 },
    );
    assert.deepEqual(warnings, []);
  });

  test('a publish that gets no answer times out and is retried', async () => {
    fake.received.length = 0;
    fake.plan.push('hang');
    const { warnings, fastifyLog } = recordingLog();
    const publisher = publisherFor(fastifyLog, { timeoutMs: 200 });
    publisher.publish([{ userId: 4, event: 'Notification', data: { id: 11 } }]);
    await publisher.close();
    assert.equal(fake.received.length, 2);
    assert.equal(publisher.stats.delivered, 1);
    assert.equal(publisher.stats.retried, 1);
    assert.deepEqual(warnings, []);
  });

  test('a refused publish (4xx) is not retried; it is logged', async () => {
    fake.received.length = 0;
    fake.plan.push(400);
    const { warnings, fastifyLog } = recordingLog();
    const publisher = publisherFor(fastifyLog);
    publisher.publish([{ userId: 5, event: 'Message', data: { id: 12 } }]);
    await publisher.close();
    assert.equal(fake.received.length, 1);
    assert.equal(publisher.stats.failed, 1);
    assert.deepEqual(
      warnings.map((w) => w.msg),
      ['realtime publish failed: not retryable'],
    );
  });

  test('retries stop after maxAttempts, with a warning', async () => {
    fake.received.length = 0;
    fake.plan.push(500, 500, 500);
    const { warnings, fastifyLog } = recordingLog();
    const publisher = publisherFor(fastifyLog, { maxAttempts: 3 });
    publisher.publish([{ userId: 6, event: 'Message', data: { id: 13 } }]);
    await publisher.close();
    assert.equal(fake.received.length, 3);
    assert.equal(publisher.stats.failed, 1);
    assert.deepEqual(
      warnings.map((w) => w.msg),
      ['realtime publish failed: giving up after retries'],
    );
  });
});

describe('publish queue', () => {
  test('is bounded: beyond its capacity a publish is dropped with a warning; close() delivers the rest', async () => {
    const { warnings, log } = recordingLog();
    const delivered: number[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const queue = new PublishQueue<number>({
      log,
      concurrency: 1,
      capacity: 3,
      deliver: async (n) => {
        await released;
        delivered.push(n);
      },
      describe: (n) => ({ n }),
    });
    const accepted = [1, 2, 3, 4, 5].map((n) => queue.push(n));
    assert.deepEqual(accepted, [true, true, true, false, false]);
    assert.equal(queue.size, 3, 'never more than the capacity pending');
    assert.deepEqual(
      warnings.map((w) => [w.msg, (w.obj as { n: number }).n]),
      [
        ['realtime publish dropped: queue full', 4],
        ['realtime publish dropped: queue full', 5],
      ],
    );
    release();
    await queue.close();
    assert.deepEqual(delivered, [1, 2, 3]);
    assert.equal(queue.size, 0);
    assert.deepEqual({ ...queue.stats }, { accepted: 3, delivered: 3, retried: 0, droppedFull: 2, failed: 0, abandoned: 0 });
    assert.equal(queue.push(6), false, 'a closed queue takes nothing more');
  });

  test('a backlog goes in fewer deliveries: items waiting side by side are merged while they fit, counted one by one', async () => {
    const { log } = recordingLog();
    const deliveries: number[][] = [];
    let fail = true;
    const queue = new PublishQueue<number[]>({
      log,
      concurrency: 1,
      retryBaseMs: 1,
      deliver: async (items) => {
        await new Promise((r) => setImmediate(r));
        if (fail && items.includes(8)) {
          fail = false;
          throw new Error('transient');
        }
        deliveries.push(items);
      },
      merge: (first, next) => (first.length + next.length <= 4 ? [...first, ...next] : null),
    });
    // Pushed in one tick: the first delivery takes what fits, the rest waits and is merged in turn.
    for (const item of [[1], [2, 3], [4], [5, 6, 7], [8], [9]]) queue.push(item);
    assert.equal(queue.size, 6);
    await queue.idle();
    // The merged delivery that failed once ([5, 6, 7] and [8]) is retried whole, its two items counted.
    assert.deepEqual(
      deliveries.sort((a, b) => a[0] - b[0]),
      [[1, 2, 3, 4], [5, 6, 7, 8], [9]],
    );
    assert.deepEqual(
      { accepted: queue.stats.accepted, delivered: queue.stats.delivered, retried: queue.stats.retried },
      { accepted: 6, delivered: 6, retried: 2 },
    );
    assert.equal(queue.size, 0);
    await queue.close();
  });

  test('runs at most `concurrency` deliveries at once and retries a failure', async () => {
    const { warnings, log } = recordingLog();
    let running = 0;
    let maxRunning = 0;
    const failedOnce = new Set<number>();
    const delivered: number[] = [];
    const queue = new PublishQueue<number>({
      log,
      concurrency: 2,
      capacity: 100,
      retryBaseMs: 1,
      deliver: async (n) => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        await new Promise((r) => setImmediate(r));
        running--;
        if (n % 3 === 0 && !failedOnce.has(n)) {
          failedOnce.add(n);
          throw new Error('transient');
        }
        delivered.push(n);
      },
    });
    for (let n = 1; n <= 12; n++) queue.push(n);
    await queue.idle();
    assert.equal(maxRunning, 2);
    assert.deepEqual(
      delivered.sort((a, b) => a - b),
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    );
    assert.equal(queue.stats.retried, 4);
    assert.deepEqual(warnings, []);
    await queue.close();
  });
});
