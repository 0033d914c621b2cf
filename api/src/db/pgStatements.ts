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
 * A connection whose statements turn out unreliable (see below) answers unnamed from then on.
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

/**
 * Errors that say this connection's prepared statements cannot be relied on: "cached plan must not
 * change result type" (the table under a prepared `select *` changed), and "prepared statement does
 * not exist" or "already exists" (a pooler in front of PostgreSQL, such as PgBouncer in transaction
 * mode before 1.21, hands the statement's session to someone else).
 */
const STATEMENTS_UNRELIABLE = new Set(['0A000', '26000', '42P05']);

/** How Kysely opens and ends a transaction (savepoints, `rollback to ...`, do not end it). */
const TRANSACTION_START = /^\s*(begin|start transaction)\b/i;
const TRANSACTION_END = /^\s*(commit|rollback)\s*$/i;

function preparingClient(client: pg.PoolClient): PostgresPoolClient {
  let prepares = true;
  // Inside a transaction a failed statement aborts it, so nothing could be answered unnamed instead:
  // the hot queries go unnamed there.
  let inTransaction = false;
  const unnamed = <R>(sql: string, parameters: ReadonlyArray<unknown>) =>
    client.query(sql, parameters as unknown[]) as unknown as Promise<PostgresQueryResult<R>>;
  return {
    async query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
      const name = prepares && !inTransaction ? hotStatementName(sql) : undefined;
      if (!name) {
        if (TRANSACTION_START.test(sql)) inTransaction = true;
        else if (inTransaction && TRANSACTION_END.test(sql)) inTransaction = false;
        return unnamed<R>(sql, parameters);
      }
      try {
        return (await client.query({ name, text: sql, values: parameters as unknown[] })) as unknown as PostgresQueryResult<R>;
      } catch (err) {
        // This connection sends everything unnamed from now on.
        if (!STATEMENTS_UNRELIABLE.has((err as { code?: string }).code ?? '')) throw err;
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
