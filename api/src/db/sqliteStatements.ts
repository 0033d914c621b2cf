import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * The better-sqlite3 database as Kysely's SqliteDialect sees it, with two costs of the stock
 * driver removed (it calls `db.prepare(sql)` for every query and reads rows in object mode):
 *
 *  - prepared statements are cached by SQL text (bounded, least recently used first out), so a
 *    query that runs again is not compiled by SQLite again;
 *  - reading statements run in raw mode (rows as arrays) and rows are turned into objects by a
 *    function generated once per statement from its column names: one object literal of a fixed
 *    shape instead of one native property definition per column and row, about half the time for
 *    wide rows such as the job list's.
 *
 * The rows are the same objects as in object mode (a later column of the same name wins). A schema
 * change (create, alter, drop) empties the cache, as `select *` may then describe other columns.
 */
export function cachingSqliteDatabase(db: BetterSqlite3.Database, maxStatements = 200): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => {
      cache.clear();
      db.close();
    },
    prepare(sql: string): SqliteStatement {
      let stmt = cache.get(sql);
      if (stmt) {
        // Refresh its place in the LRU order.
        cache.delete(sql);
        cache.set(sql, stmt);
        return stmt;
      }
      stmt = wrap(db, sql, () => cache.clear());
      cache.set(sql, stmt);
      if (cache.size > maxStatements) cache.delete(cache.keys().next().value!);
      return stmt;
    },
  };
}

type Row = Record<string, unknown>;

const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

function wrap(db: BetterSqlite3.Database, sql: string, onSchemaChange: () => void): SqliteStatement {
  const stmt = db.prepare(sql);
  if (!stmt.reader) {
    const changesSchema = SCHEMA_CHANGE.test(sql);
    return {
      reader: false,
      all: (parameters) => stmt.all(parameters),
      run(parameters) {
        try {
          return stmt.run(parameters);
        } finally {
          if (changesSchema) onSchemaChange();
        }
      },
      iterate: (parameters) => stmt.iterate(parameters),
    };
  }
  const names = stmt.columns().map((c) => c.name);
  const build = rowBuilder(names);
  if (!build) {
    return {
      reader: true,
      all: (parameters) => stmt.all(parameters),
      run: (parameters) => stmt.run(parameters),
      iterate: (parameters) => db.prepare(sql).iterate(parameters),
    };
  }
  const raw = stmt.raw(true);
  return {
    reader: true,
    all(parameters) {
      const rows = raw.all(parameters);
      for (let i = 0; i < rows.length; i++) rows[i] = build(rows[i] as unknown[]);
      return rows;
    },
    run: (parameters) => stmt.run(parameters),
    // A streamed statement stays busy while it is iterated: give it its own, never the cached one.
    iterate: (parameters) => db.prepare(sql).iterate(parameters),
  };
}

/** `(r) => ({ "col0": r[0], "col1": r[1], ... })`, or null when a name cannot be a plain key. */
function rowBuilder(names: string[]): ((values: unknown[]) => Row) | null {
  if (names.length === 0 || names.includes('__proto__')) return null;
  const body = `return { ${names.map((name, i) => `${JSON.stringify(name)}: r[${i}]`).join(', ')} };`;
  // The names come from SQLite's description of the statement and are emitted as JSON string literals.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- a row builder compiled once per statement (see bench); the keys are JSON literals
  return new Function('r', body) as (values: unknown[]) => Row;
}
