/**
 * The one PostgreSQL-only row-lock switch (db/index.ts lockOnPostgres), used by the booking's re-reads
 * of the card and the offered service and by lockUser: FOR UPDATE / FOR SHARE / FOR NO KEY UPDATE on
 * PostgreSQL, nothing on SQLite. The SQL is compiled and recorded without a database.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { lockOnPostgres, lockUser, type Dialect } from '../src/db/index.js';
import type { Database } from '../src/db/schema.js';

function recordingDb(dialect: Dialect) {
  const statements: string[] = [];
  const db = new Kysely<Database>({
    dialect:
      dialect === 'postgres'
        ? {
            createAdapter: () => new PostgresAdapter(),
            createDriver: () => new DummyDriver(),
            createIntrospector: (k) => new PostgresIntrospector(k),
            createQueryCompiler: () => new PostgresQueryCompiler(),
          }
        : {
            createAdapter: () => new SqliteAdapter(),
            createDriver: () => new DummyDriver(),
            createIntrospector: (k) => new SqliteIntrospector(k),
            createQueryCompiler: () => new SqliteQueryCompiler(),
          },
    log: (event) => {
      statements.push(event.query.sql);
    },
  });
  return { db, statements };
}

describe('row locks: PostgreSQL only, written once', () => {
  test('lockOnPostgres: FOR UPDATE (the default), FOR SHARE or FOR NO KEY UPDATE on PostgreSQL, the query as it is on SQLite', () => {
    const pg = recordingDb('postgres').db;
    const card = pg.selectFrom('payment_methods').select('id').where('id', '=', 1);
    assert.equal(lockOnPostgres(card, 'postgres').compile().sql, 'select "id" from "payment_methods" where "id" = $1 for update');
    assert.equal(
      lockOnPostgres(card, 'postgres', 'share').compile().sql,
      'select "id" from "payment_methods" where "id" = $1 for share',
    );
    assert.equal(
      lockOnPostgres(card, 'postgres', 'noKeyUpdate').compile().sql,
      'select "id" from "payment_methods" where "id" = $1 for no key update',
    );
    const lite = recordingDb('sqlite').db;
    const same = lite.selectFrom('payment_methods').select('id').where('id', '=', 1);
    assert.equal(lockOnPostgres(same, 'sqlite').compile().sql, 'select "id" from "payment_methods" where "id" = ?');
    assert.equal(lockOnPostgres(same, 'sqlite', 'share').compile().sql, 'select "id" from "payment_methods" where "id" = ?');
    assert.equal(
      lockOnPostgres(same, 'sqlite', 'noKeyUpdate').compile().sql,
      'select "id" from "payment_methods" where "id" = ?',
    );
  });

  test("lockUser locks the user's row on PostgreSQL (FOR NO KEY UPDATE: rows pointing at it may still be inserted) and takes no lock on SQLite", async () => {
    const pg = recordingDb('postgres');
    await lockUser(pg.db, 'postgres', 7);
    assert.deepEqual(pg.statements, ['select "id" from "users" where "id" = $1 for no key update']);
    const lite = recordingDb('sqlite');
    await lockUser(lite.db, 'sqlite', 7);
    assert.ok(lite.statements.every((sql) => !/\bfor (no key )?(update|share)\b/i.test(sql)));
  });
});
