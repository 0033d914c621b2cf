import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, type SelectQueryBuilder } from 'kysely';
import type { Database } from './schema.js';
import { cachingSqliteDatabase } from './sqliteStatements.js';
import { preparingPgPool } from './pgStatements.js';
import { TurnSqliteDialect } from './sqliteTurns.js';

export type Dialect = 'sqlite' | 'postgres';

export interface DbOptions {
  /** PostgreSQL connection string. When set, PostgreSQL is used. */
  databaseUrl?: string | null;
  /** SQLite file (the embedded default). Ignored when databaseUrl is set. */
  sqlitePath?: string;
  /** PostgreSQL only: a schema to work in (created by the migrations). Tests use one per run. */
  pgSchema?: string;
  /** PostgreSQL pool size. */
  poolSize?: number;
}

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL schema in use, if any. */
  schema?: string;
  destroy(): Promise<void>;
}

/** How long a new PostgreSQL connection may take before the query waiting on it fails. */
export const PG_CONNECT_TIMEOUT_MS = 5000;

const PG_INT8 = 20;
const PG_NUMERIC = 1700;
const PG_TIMESTAMPTZ = 1184;
const PG_TIMESTAMP = 1114;

/** node-postgres type parsing: counts and averages as numbers, timestamps as ISO strings (like SQLite). */
export const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === PG_INT8 || oid === PG_NUMERIC) return (v: string) => (v === null ? null : Number(v));
    if (oid === PG_TIMESTAMPTZ || oid === PG_TIMESTAMP) {
      const parse = pg.types.getTypeParser(oid, 'text') as (v: string) => Date;
      return (v: string) => (v === null ? null : parse(v).toISOString());
    }
    return (format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text')) as (
      value: string,
    ) => unknown;
  },
};

export function isValidSchemaName(name: string): boolean {
  return /^[a-z_][a-z0-9_]{0,62}$/.test(name);
}

/** Opens the product database: PostgreSQL when a URL is given, otherwise the SQLite file. */
export function createDb(options: DbOptions): Db {
  if (options.databaseUrl) {
    const schema = options.pgSchema;
    if (schema !== undefined && !isValidSchemaName(schema)) throw new Error(`Invalid schema name "${schema}"`);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      types: pgTypes,
      // A database that does not answer (a host gone, a network dropping packets) fails the request after
      // this long instead of holding it, and its connection slot, until the client gives up.
      connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
      // Names the API's sessions in pg_stat_activity (with the schema, when one is in use).
      application_name: schema ? `marketplace-api/${schema}` : 'marketplace-api',
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    pool.on('error', () => {
      /* an idle client died (e.g. the server restarted); the pool replaces it */
    });
    // The pool listens only to its idle clients. A client that is checked out but between queries (inside
    // a transaction, say) when its session ends (the server restarts, an operator terminates it) emits
    // 'error' with no one listening, which would end the process. Its next query fails instead, and the
    // pool drops it when it is released.
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    // The hot queries go as named prepared statements (see pgStatements.ts).
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPgPool(pool) }) });
    return { db, dialect: 'postgres', schema, destroy: () => db.destroy() };
  }

  const file = options.sqlitePath;
  if (!file) throw new Error('createDb needs databaseUrl or sqlitePath');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // WAL + NORMAL: a committed transaction survives a crash of the process (not necessarily of the OS).
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Statements are prepared once and rows read in raw mode (see sqliteStatements.ts); queries outside
  // transactions run in turns, once per event-loop iteration (see sqliteTurns.ts).
  const db = new Kysely<Database>({ dialect: new TurnSqliteDialect(cachingSqliteDatabase(sqlite)) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}

/**
 * A select inside a transaction that locks the rows it reads until the transaction ends, on PostgreSQL
 * (FOR UPDATE; FOR SHARE: others may share-lock and read, no one changes or deletes them; FOR NO KEY
 * UPDATE: like FOR UPDATE, but rows of other tables may still be inserted pointing at it). SQLite runs
 * one write transaction at a time, so there the query is left as it is (SQLite has no row locks).
 */
export function lockOnPostgres<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  dialect: Dialect,
  mode: 'update' | 'share' | 'noKeyUpdate' = 'update',
): SelectQueryBuilder<DB, TB, O> {
  if (dialect !== 'postgres') return query;
  if (mode === 'share') return query.forShare();
  return mode === 'noKeyUpdate' ? query.forNoKeyUpdate() : query.forUpdate();
}

/**
 * Makes one user's concurrent writes of a kind take turns (two clicks of Add New card at once): on
 * PostgreSQL the user's row is locked until the transaction ends; SQLite runs one transaction at a time
 * (there it is a plain read of the row by its key). FOR NO KEY UPDATE, not FOR UPDATE: a booking that
 * holds its card's lock inserts a job whose foreign key share-locks this row's key, and a card removal
 * holding FOR UPDATE here while it waited for that card deadlocked with it.
 */
export async function lockUser(trx: Kysely<Database>, dialect: Dialect, userId: number): Promise<void> {
  await lockOnPostgres(trx.selectFrom('users').select('id').where('id', '=', userId), dialect, 'noKeyUpdate').execute();
}

/** True when an error is a unique-constraint violation, on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export type { Database } from './schema.js';
