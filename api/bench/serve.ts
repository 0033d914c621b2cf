/**
 * The servers under test, in a child process of bench/run.ts so that the load generator and the
 * 500 pusher-js clients do not share an event loop (or a CPU) with them:
 *  - the API (buildApp) on an already seeded database, publishing through the realtime server;
 *  - the realtime server (Pusher protocol), as `npm start` runs it beside the API;
 *  - a bare Fastify route answering {hello:'world'}, the baseline, one answering GET /api/jobs's
 *    answer as an already serialised string (what HTTP alone costs for that answer), and one doing the
 *    floor's work for each request (bench/floor.ts), no authentication and no hooks: the most an HTTP
 *    server in this process reaches with that work.
 * Everything listens on 127.0.0.1 only. The parent sends 'cpu' to get this process's CPU time
 * (process.cpuUsage()) and 'stop'; the child also stops when the parent goes away.
 */
import Fastify from 'fastify';
import { buildApp } from '../src/app.js';
import { productionConfig } from './productionConfig.js';
import { createDb } from '../src/db/index.js';
import { startRealtimeServer } from '../src/realtime/server.js';
import { openFloorQuery } from './floor.js';

export interface ServeRequest {
  databaseUrl?: string;
  pgSchema?: string;
  sqlitePath?: string;
  uploadsDir: string;
  /** What the bare server answers at GET /answer: GET /api/jobs's answer, already serialised (the cost of HTTP alone). */
  bareAnswer?: string;
  /** Whose list the bare server's GET /floor answers, doing the floor's work per request. */
  floor?: { engine: string; subjectId: number; perPage: number };
}

export interface ServeReady {
  apiPort: number;
  barePort: number;
  realtimePort: number;
  pusherKey: string;
  /** For publishing straight to the realtime server (the fan-out measurement). */
  pusherAppId: string;
  pusherSecret: string;
}

const PUSHER = { appId: 'bench-app', key: 'bench-key', secret: 'bench-secret' };

async function main(request: ServeRequest): Promise<void> {
  const realtime = await startRealtimeServer({ port: 0, host: '127.0.0.1', ...PUSHER });
  const handle = createDb({
    databaseUrl: request.databaseUrl,
    sqlitePath: request.sqlitePath,
    pgSchema: request.pgSchema,
    poolSize: 10,
  });
  const api = await buildApp({
    db: handle,
    migrate: false,
    logger: false,
    config: {
      ...productionConfig(),
      uploadsDir: request.uploadsDir,
      pusher: { ...PUSHER, host: '127.0.0.1', port: realtime.port },
    },
  });
  await api.listen({ port: 0, host: '127.0.0.1' });

  const bare = Fastify({ logger: false });
  bare.get('/', async () => ({ hello: 'world' }));
  const answer = request.bareAnswer ?? '{}';
  bare.get('/answer', (_request, reply) => {
    void reply.header('content-type', 'application/json; charset=utf-8').send(answer);
  });
  const floor = request.floor
    ? openFloorQuery(
        handle,
        {
          name: request.floor.engine,
          options: { databaseUrl: request.databaseUrl, sqlitePath: request.sqlitePath, pgSchema: request.pgSchema },
        },
        request.floor.subjectId,
        request.floor.perPage,
        1,
      )
    : undefined;
  if (floor) {
    bare.get('/floor', async (_request, reply) =>
      reply.header('content-type', 'application/json; charset=utf-8').send(await floor.once()),
    );
  }
  await bare.listen({ port: 0, host: '127.0.0.1' });

  const port = (app: { server: { address(): unknown } }) => (app.server.address() as { port: number }).port;
  const ready: ServeReady = {
    apiPort: port(api),
    barePort: port(bare),
    realtimePort: realtime.port,
    pusherKey: PUSHER.key,
    pusherAppId: PUSHER.appId,
    pusherSecret: PUSHER.secret,
  };

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await Promise.allSettled([api.close(), bare.close(), realtime.close()]);
    await floor?.close();
    await handle.destroy();
    process.exit(0);
  };
  process.on('message', (m) => {
    if (m === 'stop') void stop();
    // The servers' CPU time so far (all threads of this process), to put beside a load run's request count.
    else if (m === 'cpu') process.send!({ cpu: process.cpuUsage() });
  });
  process.on('disconnect', () => void stop());
  process.send!({ ready });
}

process.once('message', (m: { serve?: ServeRequest }) => {
  if (!m.serve) return;
  main(m.serve).catch((err: unknown) => {
    process.send!({ error: (err as Error).stack ?? String(err) });
    process.exit(1);
  });
});
