import type pg from 'pg';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/**
 * Named prepared statements for the hot queries on PostgreSQL.
 *
 * Kysely sends every query unnamed, so PostgreSQL parses and plans it on every run. Planning the job
 * list (five joins) takes longer than running it: about 1-4 ms against 0.5 ms. A named statement is
 * parsed once per connection, and after a few runs PostgreSQL keeps a generic plan for it.
 *
 * Only SQL registered here is named: the precompiled queries of the hot paths (db/precompiled.ts), a
 * fixed set, so each connection holds a bounded number of statements. Everything else stays unnamed.
 */
const statementNames = new Map<string, string>();

/** Registers a query's SQL as one to prepare by name (idempotent). */
export function registerHotStatement(sql: string): void {
  if (!statementNames.has(sql)) statementNames.set(sql, `hot_${statementNames.size + 1}`);
}

/** The statement name of a registered query's SQL. */
export function hotStatementName(sql: string): string | undefined {
  return statementNames.get(sql);
}

/** PostgreSQL's "cached plan must not change result type": the table under a prepared `select *` changed. */
const CACHED_PLAN_CHANGED = '0A000';

function preparingClient(client: pg.PoolClient): PostgresPoolClient {
  let prepares = true;
  const unnamed = <R>(sql: string, parameters: ReadonlyArray<unknown>) =>
    client.query(sql, parameters as unknown[]) as unknown as Promise<PostgresQueryResult<R>>;
  return {
    async query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
      const name = prepares ? hotStatementName(sql) : undefined;
      if (!name) return unnamed<R>(sql, parameters);
      try {
        return (await client.query({ name, text: sql, values: parameters as unknown[] })) as unknown as PostgresQueryResult<R>;
      } catch (err) {
        // A schema change after this connection prepared the statement: its statements are stale,
        // so this connection sends everything unnamed from now on.
        if ((err as { code?: string }).code !== CACHED_PLAN_CHANGED) throw err;
        prepares = false;
        return unnamed<R>(sql, parameters);
      }
    },
    release: () => client.release(),
  } as PostgresPoolClient;
}

/** The pool as Kysely's PostgresDialect sees it, its clients sending the registered queries as named statements. */
export function preparingPgPool(pool: pg.Pool): PostgresPool {
  // Kysely keeps one connection object per client it gets (by identity), so each client keeps one wrapper.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = preparingClient(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
