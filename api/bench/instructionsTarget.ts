/**
 * The process bench/instructions.ts runs under callgrind (not meant to be run by hand). Its first
 * argument is a JSON TargetRequest; it reads commands from stdin, one a line, and answers each with
 * one line on stdout:
 *
 *  - mode 'floor': `run <variant> <n>` runs n iterations of a variant, then answers `done`:
 *      floor  - the floor's answer exactly as bench/floor.ts computes it (the list query on
 *               better-sqlite3, raw rows, its row builder, toJob, JSON.stringify);
 *      kysely - the API's listJobsFor (Kysely) + the same JSON.stringify of the envelope.
 *  - mode 'server': answers `ready <apiPort> <barePort>` once listening, as bench/serve.ts builds
 *    the API (production configuration, logger off), beside a bare Fastify (no hooks, no auth) whose
 *    routes do: GET /floor the floor's work, GET /kysely listJobsFor + JSON.stringify, GET /answer
 *    the already serialised answer (HTTP alone). `quit` ends either mode.
 */
import { createInterface } from 'node:readline';
import Fastify from 'fastify';
import { buildApp } from '../src/app.js';
import { productionConfig } from './productionConfig.js';
import { createDb } from '../src/db/index.js';
import { apiAnswerer, openFloorQuery } from './floor.js';

export interface TargetRequest {
  mode: 'floor' | 'server';
  sqlitePath: string;
  uploadsDir: string;
  subjectId: number;
  perPage: number;
}

async function main(request: TargetRequest): Promise<void> {
  const handle = createDb({ sqlitePath: request.sqlitePath });
  const { perPage, subjectId } = request;

  // The floor, as bench/floor.ts builds it: the SQL of listJobsFor, prepared once on its own read-only connection.
  const floor = openFloorQuery(handle, { name: 'SQLite', options: { sqlitePath: request.sqlitePath } }, subjectId, perPage, 1);
  const floorOnce = floor.once as () => string;
  const kyselyOnce = apiAnswerer(handle, subjectId, perPage);
  const answer = floorOnce();
  if ((await kyselyOnce()) !== answer) throw new Error("the floor's answer differs from listJobsFor's");

  const out = (line: string) => process.stdout.write(`${line}\n`);
  const closers: Array<() => Promise<unknown>> = [];
  if (request.mode === 'server') {
    const api = await buildApp({
      db: handle,
      migrate: false,
      logger: false,
      config: { ...productionConfig(), uploadsDir: request.uploadsDir },
    });
    await api.listen({ port: 0, host: '127.0.0.1' });
    const bare = Fastify({ logger: false });
    const json = 'application/json; charset=utf-8';
    bare.get('/floor', (_request, reply) => {
      void reply.header('content-type', json).send(floorOnce());
    });
    bare.get('/kysely', async (_request, reply) => reply.header('content-type', json).send(await kyselyOnce()));
    bare.get('/answer', (_request, reply) => {
      void reply.header('content-type', json).send(answer);
    });
    await bare.listen({ port: 0, host: '127.0.0.1' });
    closers.push(
      () => api.close(),
      () => bare.close(),
    );
    const port = (app: { server: { address(): unknown } }) => (app.server.address() as { port: number }).port;
    out(`ready ${port(api)} ${port(bare)}`);
  } else {
    out('ready');
  }

  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    const [command, variant, count] = line.trim().split(/\s+/);
    if (command === 'quit') break;
    if (command !== 'run' || request.mode !== 'floor') throw new Error(`unknown command: ${line}`);
    const n = Number(count);
    let bytes = 0;
    if (variant === 'floor') for (let i = 0; i < n; i++) bytes += floorOnce().length;
    else if (variant === 'kysely') for (let i = 0; i < n; i++) bytes += (await kyselyOnce()).length;
    else throw new Error(`unknown variant: ${variant}`);
    if (bytes !== n * answer.length) throw new Error(`${variant}: unexpected answers`);
    out('done');
  }
  for (const close of closers) await close();
  await floor.close();
  await handle.destroy();
}

main(JSON.parse(process.argv[2] ?? '{}') as TargetRequest).then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
