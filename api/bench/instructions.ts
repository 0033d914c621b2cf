/**
 * GET /api/jobs against its floor by instruction counts (`npm run bench:instructions -w api`).
 * Optional, not part of `npm test`; needs valgrind (callgrind_control too) and takes about 15
 * minutes on 2 CPUs (node runs 30-50 times slower under callgrind; run it under `nice`). Instruction
 * counts hardly depend on what else the machine does, unlike the timings of `npm run bench`.
 *
 * Seeds the bench's SQLite database (100 000 jobs, a customer with 50), then runs two processes
 * under `valgrind --tool=callgrind --instr-atstart=no` (bench/instructionsTarget.ts):
 *  - floor: the floor's answer (bench/floor.ts: the list query on better-sqlite3 + toJob +
 *    JSON.stringify) in a loop, and the API's listJobsFor (Kysely) + JSON.stringify;
 *  - server: the API as bench/serve.ts runs it, answering GET /api/jobs with the bench customer's
 *    token; and a bare Fastify answering the floor's work (GET /floor), listJobsFor +
 *    JSON.stringify (GET /kysely) and the already serialised answer (GET /answer), all without
 *    authentication or hooks. Requests come from this process over INSTR_CONNECTIONS keep-alive
 *    connections (default 20, as the bench's autocannon).
 * Each variant is warmed up (INSTR_WARMUP iterations or requests, default 5000: functions the
 * server runs once a request take thousands of requests to be optimised), then counted over two
 * windows of INSTR_N (default 1000) with `callgrind_control -i on` and a dump after each window:
 * instructions per answer, all threads of the process (GC and compiler threads included). The two
 * windows differ by the major garbage collections that fall in one of them (up to about 5 %), so the
 * table compares their mean.
 *
 * What instructions do not show: the kernel's work (the sockets' syscalls; callgrind counts user
 * space only) and how long an instruction takes. By instructions GET /api/jobs is close to its floor
 * (87-89 % on 2026-11-24) while by CPU time it is far below (55-59 %): the server runs about as
 * many instructions as the floor, but more slowly, plus its system time.
 *
 * The dumps stay in the printed directory, with JIT-compiled functions named from node's
 * --perf-basic-prof map in the *.named copies; break one down with callgrind_annotate (self costs;
 * inclusive costs are right only for functions entered after the window began), e.g.
 *   callgrind_annotate <dir>/server.out.2.named | head -60
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createDb } from '../src/db/index.js';
import { migrateToLatest } from '../src/db/migrations.js';
import { seed } from './seed.js';
import { fmt, table } from './stats.js';
import type { TargetRequest } from './instructionsTarget.js';

function envInt(name: string, fallback: number, min: number, max: number): number {
  const n = Number(process.env[name] || fallback);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, Math.round(n))) : fallback;
}

const N = envInt('INSTR_N', 1000, 10, 100_000);
const WARMUP = envInt('INSTR_WARMUP', 5000, 0, 100_000);
const CONNECTIONS = envInt('INSTR_CONNECTIONS', 20, 1, 200);
/** 'floor' or 'server' runs only that process (e.g. two runs side by side); default both. */
const ONLY = process.env.INSTR_ONLY;
/** Of the server's routes, only these (comma-separated: api, floor, kysely, answer); default all. */
const ROUTES = process.env.INSTR_ROUTES?.split(',').map((r) => r.trim());
/** Extra node options for the processes under callgrind, e.g. --max-semi-space-size=64. */
const NODE_FLAGS = process.env.INSTR_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
const SEED = { totalJobs: 100_000, ownJobs: 50, customers: 2000, providers: 1000 };
const log = (...args: unknown[]) => console.log('[instructions]', ...args);

interface Target {
  pid: number;
  outFile: string;
  dumps: number;
  line: () => Promise<string>;
  send: (line: string) => void;
  child: ChildProcessWithoutNullStreams;
}

function startTarget(dir: string, name: string, request: TargetRequest): Promise<Target> {
  const outFile = path.join(dir, `${name}.out`);
  const script = fileURLToPath(new URL('./instructionsTarget.ts', import.meta.url));
  const child = spawn(
    'nice',
    [
      '-n',
      '19',
      'valgrind',
      '--tool=callgrind',
      '--instr-atstart=no',
      `--callgrind-out-file=${outFile}`,
      process.execPath,
      ...NODE_FLAGS,
      '--perf-basic-prof',
      '--import',
      'tsx',
      script,
      JSON.stringify(request),
    ],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const errors: string[] = [];
  child.stderr.on('data', (d: Buffer) => errors.push(String(d)));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const line = async () => {
    const next = await lines.next();
    if (next.done) throw new Error(`${name} ended: ${errors.join('').slice(-2000)}`);
    return next.value;
  };
  return Promise.resolve({ pid: child.pid!, outFile, dumps: 0, line, send: (l: string) => child.stdin.write(`${l}\n`), child });
}

function control(target: Target, ...args: string[]): void {
  const r = spawnSync('callgrind_control', [...args, String(target.pid)], { encoding: 'utf8' });
  if (r.status !== 0 || !/OK/.test(r.stdout)) throw new Error(`callgrind_control ${args.join(' ')}: ${r.stdout}${r.stderr}`);
}

/** Instructions in a window: instrumentation on, the work, a dump; returns the dump's total. */
async function counted(target: Target, work: () => Promise<void>): Promise<{ total: number; file: string }> {
  control(target, '-i', 'on');
  await work();
  control(target, '-d');
  control(target, '-i', 'off');
  const file = `${target.outFile}.${++target.dumps}`;
  const totals = /^totals:\s+(\d+)/m.exec(readFileSync(file, 'utf8'));
  if (!totals) throw new Error(`no totals in ${file}`);
  return { total: Number(totals[1]), file };
}

/**
 * n GET requests over the agent's keep-alive connections (CONNECTIONS of them, kept from the warm-up
 * on, so no connection is opened or closed in a counted window); every answer must be 200 with `bytes` bytes.
 */
async function requests(
  agent: http.Agent,
  url: string,
  headers: Record<string, string>,
  n: number,
  bytes: number,
): Promise<void> {
  let started = 0;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      http
        .get(url, { agent, headers }, (res) => {
          let length = 0;
          res.on('data', (d: Buffer) => (length += d.length));
          res.on('end', () =>
            res.statusCode === 200 && length === bytes
              ? resolve()
              : reject(new Error(`${url}: ${res.statusCode}, ${length} bytes`)),
          );
        })
        .on('error', reject);
    });
  const worker = async () => {
    while (started < n) {
      started++;
      await one();
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONNECTIONS, n) }, worker));
}

/** Names JIT-compiled code in a dump (callgrind names it by address) from node's perf map. */
function nameJitCode(file: string, pid: number): void {
  const mapFile = `/tmp/perf-${pid}.map`;
  if (!existsSync(mapFile)) return;
  const entries = readFileSync(mapFile, 'utf8')
    .split('\n')
    .map((l) => /^([0-9a-f]+) ([0-9a-f]+) (.*)$/.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ start: parseInt(m[1], 16), end: parseInt(m[1], 16) + parseInt(m[2], 16), name: m[3] }))
    .sort((a, b) => a.start - b.start);
  const find = (address: number) => {
    let lo = 0;
    let hi = entries.length - 1;
    let found: (typeof entries)[number] | undefined;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (entries[mid].start <= address) {
        found = entries[mid];
        lo = mid + 1;
      } else hi = mid - 1;
    }
    // The newest code object at that address wins (the map only grows; later entries reuse freed space).
    return found && address < found.end ? found.name : undefined;
  };
  const named = readFileSync(file, 'utf8').replace(/^((?:c?fn)=\(\d+\)) 0x([0-9a-f]+)$/gm, (whole, head: string, hex: string) => {
    const name = find(parseInt(hex, 16));
    return name ? `${head} JIT ${name.replace(/\s+/g, ' ')} [0x${hex}]` : whole;
  });
  writeFileSync(`${file}.named`, named);
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'marketplace-instructions-'));
  const sqlitePath = path.join(dir, 'bench.db');
  const uploadsDir = path.join(dir, 'uploads');
  mkdirSync(uploadsDir);
  log(`seeding ${SEED.totalJobs} jobs in ${sqlitePath} ...`);
  const handle = createDb({ sqlitePath });
  const seeded = await (async () => {
    try {
      await migrateToLatest(handle);
      return await seed(handle.db, SEED);
    } finally {
      await handle.destroy();
    }
  })();
  const request = { sqlitePath, uploadsDir, subjectId: seeded.subject.id, perPage: SEED.ownJobs };
  log(`warm-up ${WARMUP}, two windows of ${N}, ${CONNECTIONS} connections; dumps in ${dir}`);
  const rows: Array<{ label: string; perAnswer: [number, number]; files: string[] }> = [];

  const targets: Target[] = [];
  // (a) the floor, and listJobsFor + JSON.stringify, in one process.
  if (ONLY !== 'server') await inProcessVariants(await startTarget(dir, 'floor', { ...request, mode: 'floor' }));
  async function inProcessVariants(floor: Target): Promise<void> {
    if ((await floor.line()) !== 'ready') throw new Error('floor: not ready');
    for (const [variant, label] of [
      ['floor', 'floor: the list query on better-sqlite3 + toJob + JSON.stringify (in-process)'],
      ['kysely', "the API's listJobsFor (Kysely) + JSON.stringify (in-process)"],
    ] as const) {
      const run = async (n: number) => {
        floor.send(`run ${variant} ${n}`);
        if ((await floor.line()) !== 'done') throw new Error(`floor: ${variant} failed`);
      };
      await run(WARMUP);
      const first = await counted(floor, () => run(N));
      const second = await counted(floor, () => run(N));
      rows.push({ label, perAnswer: [first.total / N, second.total / N], files: [first.file, second.file] });
      log(`${label}: ${fmt(first.total / N, 0)} / ${fmt(second.total / N, 0)} instructions per answer`);
    }
    floor.send('quit');
    await new Promise((r) => floor.child.once('exit', r));
    targets.push(floor);
  }

  // (b), (c) the API and the bare routes over HTTP.
  if (ONLY !== 'floor') await httpVariants(await startTarget(dir, 'server', { ...request, mode: 'server' }));
  async function httpVariants(server: Target): Promise<void> {
    const ready = /^ready (\d+) (\d+)$/.exec(await server.line());
    if (!ready) throw new Error('server: not ready');
    const [apiPort, barePort] = [ready[1], ready[2]];
    const answerBytes = await (async () => {
      const res = await fetch(`http://127.0.0.1:${barePort}/answer`);
      return (await res.arrayBuffer()).byteLength;
    })();
    const auth = { authorization: `Bearer ${seeded.subject.token}` };
    const variants = [
      ['api', `http://127.0.0.1:${apiPort}/api/jobs`, auth, 'GET /api/jobs (the API)'],
      ['floor', `http://127.0.0.1:${barePort}/floor`, {}, "bare Fastify route doing the floor's work"],
      ['kysely', `http://127.0.0.1:${barePort}/kysely`, {}, 'bare Fastify route doing listJobsFor + JSON.stringify'],
      ['answer', `http://127.0.0.1:${barePort}/answer`, {}, 'bare Fastify sending the serialised answer (HTTP alone)'],
    ] as const;
    for (const [, url, headers, label] of variants.filter(([name]) => !ROUTES || ROUTES.includes(name))) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
      // At least CONNECTIONS requests, so that every connection is open before counting.
      await requests(agent, url, headers, Math.max(WARMUP, CONNECTIONS), answerBytes);
      const first = await counted(server, () => requests(agent, url, headers, N, answerBytes));
      const second = await counted(server, () => requests(agent, url, headers, N, answerBytes));
      agent.destroy();
      rows.push({ label, perAnswer: [first.total / N, second.total / N], files: [first.file, second.file] });
      log(`${label}: ${fmt(first.total / N, 0)} / ${fmt(second.total / N, 0)} instructions per request`);
    }
    server.send('quit');
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    targets.push(server);
  }

  for (const target of targets) {
    for (let k = 1; k <= target.dumps; k++) nameJitCode(`${target.outFile}.${k}`, target.pid);
  }
  // The windows differ by the major garbage collections that fell in them: compare their mean.
  const mean = (r: (typeof rows)[number]) => (r.perAnswer[0] + r.perAnswer[1]) / 2;
  // Without the floor in this run (INSTR_ONLY=server): percentages of the first row.
  const floorPer = mean(rows[0]);
  console.log(
    `\nInstructions per answer (callgrind, all threads; warm-up ${WARMUP}, two windows of ${N}, ${CONNECTIONS} connections)\n`,
  );
  console.log(
    table(
      ['', 'window 1', 'window 2', 'mean', `${rows[0].label.split(':')[0]} / this`, 'dumps'],
      rows.map((r) => [
        r.label,
        fmt(r.perAnswer[0], 0),
        fmt(r.perAnswer[1], 0),
        fmt(mean(r), 0),
        `${fmt((floorPer / mean(r)) * 100, 1)} %`,
        r.files.map((f) => path.basename(f)).join(', '),
      ]),
    ),
  );
  console.log(`\ndumps: ${dir} (the database too; remove the directory when done)`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error('[instructions] failed:', err);
    process.exit(1);
  },
);
