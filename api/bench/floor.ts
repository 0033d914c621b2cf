/**
 * The floor of GET /api/jobs: the work the endpoint cannot avoid, done in-process with no HTTP, no
 * authentication and no framework - the same list query (the SQL the API's listJobsFor runs, compiled
 * by Kysely from the API's own jobsWithPeople, prepared once) executed directly on the database driver
 * (better-sqlite3, or node-postgres over a pool of 10), rows read as arrays (the drivers' cheapest
 * mode) into objects by a builder generated once from the column names, each row turned into the API's
 * Job shape (serializers.ts toJob) and the `{ data, message, meta }` envelope serialised with
 * JSON.stringify. The answer is checked to be byte for byte the API's own (listJobsFor + the same
 * envelope). Measured as completed iterations per second over a fixed time, after a warm-up. A second
 * figure runs the API's own listJobsFor through Kysely, to show what the query layer adds.
 */
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { createDb, pgTypes, type Db, type DbOptions } from '../src/db/index.js';
import { jobsWithPeople, listJobsFor } from '../src/queries/jobs.js';
import { toJob, type JobJoinedRow } from '../src/serializers.js';
import { fmt, percentile } from './stats.js';

export interface FloorFigures {
  label: string;
  /** Completed query + serialisation iterations per second. */
  ips: number;
  p50us: number;
  p99us: number;
  /** CPU time of the process (user + system, all threads) per iteration, µs: unlike the rate, hardly moved by other work on the machine. */
  cpuUs: number;
  iterations: number;
  /** Size of one serialised answer. */
  bytes: number;
}

export interface FloorOptions {
  warmupMs: number;
  /** Queries in flight at once (PostgreSQL: over a pool, as the API's; SQLite is synchronous). */
  concurrency: number;
  /** Rows per page, as GET /api/jobs answers by default. */
  perPage: number;
  jobs: number;
}

/** Turns a raw row (an array) into an object keyed by the column names; a later column of the same name wins. */
export function rowBuilder(names: string[]): (row: unknown[]) => JobJoinedRow {
  if (names.includes('__proto__')) throw new Error('a column named __proto__');
  const body = names.map((name, i) => `${JSON.stringify(name)}: r[${i}]`).join(', ');
  // The names come from the driver's description of the statement, emitted as JSON string literals.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- one object literal of a fixed shape per row
  return new Function('r', `return { ${body} };`) as (row: unknown[]) => JobJoinedRow;
}

/** The envelope GET /api/jobs answers (routes/jobs.ts, http/reply.ts), serialised. */
export function serialise(rows: JobJoinedRow[], perPage: number): string {
  const count = Math.min(rows.length, perPage);
  const data = new Array<ReturnType<typeof toJob>>(count);
  for (let i = 0; i < count; i++) data[i] = toJob(rows[i]);
  return JSON.stringify({ data, message: 'Success', meta: { page: 1, per_page: perPage, has_more: rows.length > perPage } });
}

interface Variant {
  label: string;
  once: () => Promise<string> | string;
  /** Loops in flight at once (a synchronous driver: 1). */
  concurrency: number;
}

/** Slices of this length, alternating between the variants, so that both see the same machine. */
const SLICE_MS = 200;

/** The floor's variants, checked and warmed up, measured over as many periods as the caller runs. */
interface Measurement {
  /** Measures for `durationMs` more, in slices alternating between the variants. */
  run(durationMs: number): Promise<void>;
  /** The figures over every period run so far, in the variants' order. */
  figures(): FloorFigures[];
}

/**
 * Checks each variant answers exactly `expected`, warms each up, and returns a measurement that times
 * them in alternating slices: completed iterations per second and per-iteration times in microseconds.
 */
async function startMeasurement(variants: Variant[], opts: FloorOptions, expected: string): Promise<Measurement> {
  const state = variants.map((v) => ({ ...v, iterations: 0, ms: 0, cpuUs: 0, samples: [] as number[], bytes: 0 }));
  for (const v of state) {
    const check = await v.once();
    const answered = (JSON.parse(check) as { data: unknown[] }).data.length;
    if (answered !== opts.jobs) throw new Error(`${v.label}: ${answered} jobs instead of ${opts.jobs}`);
    if (check !== expected) throw new Error(`${v.label}: the answer differs from the API's listJobsFor`);
    v.bytes = Buffer.byteLength(check);
  }
  const slice = async (v: (typeof state)[number], ms: number, record: boolean) => {
    const end = performance.now() + ms;
    let iterations = 0;
    const loop = async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const out = v.once();
        if (typeof out !== 'string') await out;
        if (record) v.samples.push((performance.now() - t0) * 1000);
        iterations++;
        // A synchronous driver would otherwise never yield to the other loops or timers.
        if (iterations % 256 === 0) await new Promise((r) => setImmediate(r));
      }
    };
    const started = performance.now();
    const cpu = process.cpuUsage();
    await Promise.all(Array.from({ length: v.concurrency }, loop));
    if (record) {
      const used = process.cpuUsage(cpu);
      v.iterations += iterations;
      v.ms += performance.now() - started;
      v.cpuUs += used.user + used.system;
    }
  };
  for (const v of state) await slice(v, opts.warmupMs, false);
  return {
    async run(durationMs) {
      for (let done = 0; done < durationMs; done += SLICE_MS) {
        for (const v of state) await slice(v, SLICE_MS, true);
      }
    },
    figures: () =>
      state.map((v) => ({
        label: v.label,
        ips: v.iterations / (v.ms / 1000),
        p50us: percentile(v.samples, 50),
        p99us: percentile(v.samples, 99),
        cpuUs: v.cpuUs / v.iterations,
        iterations: v.iterations,
        bytes: v.bytes,
      })),
  };
}

/** Prints one line of a variant's figures. */
export function logFloorFigures(f: FloorFigures): void {
  console.log(
    `[bench] ${f.label}: ${fmt(f.ips, 0)} /s, p50 ${fmt(f.p50us, 0)} µs, p99 ${fmt(f.p99us, 0)} µs, CPU ${fmt(f.cpuUs, 0)} µs each, ${f.bytes} bytes`,
  );
}

/** What one iteration of the floor is: the list query on the bare driver, turned into the answer. */
export interface FloorQuery extends Variant {
  close(): Promise<void> | void;
}

/** The SQL listJobsFor runs for a customer's first page (limit per_page + 1 to know has_more). */
export function floorSql(db: Db['db'], subjectId: number, perPage: number) {
  return jobsWithPeople(db)
    .where('jobs.customer_id', '=', subjectId)
    .orderBy('jobs.created_at', 'desc')
    .orderBy('jobs.id', 'desc')
    .limit(perPage + 1)
    .offset(0)
    .compile();
}

/**
 * Opens the floor on one engine, on its own connection (PostgreSQL: a pool of 10), for the list of
 * `subjectId` (a customer): the list query prepared once, rows read as arrays, the row builder,
 * toJob and JSON.stringify. `handle` only compiles the SQL.
 */
export function openFloorQuery(
  handle: Db,
  engine: { name: string; options: DbOptions },
  subjectId: number,
  perPage: number,
  concurrency: number,
): FloorQuery {
  const compiled = floorSql(handle.db, subjectId, perPage);
  const params = [...compiled.parameters];
  if (engine.options.databaseUrl) {
    const schema = engine.options.pgSchema;
    const pool = new pg.Pool({
      connectionString: engine.options.databaseUrl,
      max: 10,
      types: pgTypes,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    const query = { name: 'bench-floor-jobs', text: compiled.sql, values: params, rowMode: 'array' as const };
    let build: ((row: unknown[]) => JobJoinedRow) | undefined;
    return {
      label: `floor: the list query on node-postgres + JSON.stringify, ${engine.name}`,
      once: async () => {
        const result = await pool.query<unknown[]>(query);
        build ??= rowBuilder(result.fields.map((f) => f.name));
        return serialise(result.rows.map(build), perPage);
      },
      concurrency,
      close: () => pool.end(),
    };
  }
  const sqlite = new SQLite(engine.options.sqlitePath, { readonly: true });
  const stmt = sqlite.prepare<unknown[], unknown[]>(compiled.sql).raw(true);
  const build = rowBuilder(stmt.columns().map((c) => c.name));
  return {
    label: `floor: the list query on better-sqlite3 + JSON.stringify, ${engine.name}`,
    once: () => serialise(stmt.all(...params).map(build), perPage),
    concurrency: 1,
    close: () => {
      sqlite.close();
    },
  };
}

/** The API's own answer for the list of `subjectId`: listJobsFor (Kysely) + JSON.stringify of the envelope. */
export function apiAnswerer(handle: Db, subjectId: number, perPage: number): () => Promise<string> {
  const user = { id: subjectId, role: 'Customer' as const };
  return async () => {
    const page = await listJobsFor(handle.db, user, { page: 1, perPage });
    return JSON.stringify({
      data: page.jobs,
      message: 'Success',
      meta: { page: page.page, per_page: page.per_page, has_more: page.has_more },
    });
  };
}

/** The floor of one engine, open for measuring in periods between other measurements (see openFloor). */
export interface FloorSession {
  /** The answer both variants give: the API's own (listJobsFor + the envelope), serialised. */
  answer: string;
  /** Measures both variants for `durationMs` more. */
  run(durationMs: number): Promise<void>;
  /** The figures over every period run so far. */
  figures(): { driver: FloorFigures; kysely: FloorFigures };
  close(): Promise<void>;
}

/**
 * The floor on one engine for the list of `subjectId` (a customer), and the same through the API's
 * listJobsFor (Kysely), checked and warmed up. The database must already be seeded. The caller runs
 * it in periods, so that periods of the floor can alternate with the HTTP runs measured against it
 * and both see the same machine.
 */
export async function openFloor(
  engine: { name: string; options: DbOptions },
  subjectId: number,
  opts: FloorOptions,
): Promise<FloorSession> {
  const handle = createDb({ ...engine.options, poolSize: 10 });
  let driver: FloorQuery | undefined;
  try {
    const apiAnswer = apiAnswerer(handle, subjectId, opts.perPage);
    // What the floor must produce: the API's own answer.
    const expected = await apiAnswer();
    driver = openFloorQuery(handle, engine, subjectId, opts.perPage, opts.concurrency);
    const kysely: Variant = {
      label: `listJobsFor (Kysely) + JSON.stringify, ${engine.name}`,
      once: apiAnswer,
      // SQLite answers one query at a time (Kysely queues them on its one connection).
      concurrency: engine.options.databaseUrl ? opts.concurrency : 1,
    };
    const measurement = await startMeasurement([driver, kysely], opts, expected);
    const opened = driver;
    return {
      answer: expected,
      run: (durationMs) => measurement.run(durationMs),
      figures() {
        const [driverFigures, kyselyFigures] = measurement.figures();
        return { driver: driverFigures, kysely: kyselyFigures };
      },
      async close() {
        await opened.close();
        await handle.destroy();
      },
    };
  } catch (err) {
    await driver?.close();
    await handle.destroy();
    throw err;
  }
}
