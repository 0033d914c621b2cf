/**
 * SQLite queries outside transactions run in turns (db/sqliteTurns.ts): those asked for together run back
 * to back, each with its own answer; a transaction holds the database, and a turn waits for it without
 * seeing what it has not committed; one query's failure is its own.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { Kysely, sql, type SqliteDatabase } from 'kysely';
import { cachingSqliteDatabase } from '../src/db/sqliteStatements.js';
import { TurnSqliteDialect } from '../src/db/sqliteTurns.js';

interface Tables {
  item: { id: number; name: string };
}

/** A database whose statement runs are written to `log` as 'run <first parameter>'. */
function fixture() {
  const raw = new SQLite(':memory:');
  raw.exec(`create table item (id integer primary key, name text not null unique);
            insert into item (id, name) values (1, 'one'), (2, 'two'), (3, 'three');`);
  const log: string[] = [];
  const cached = cachingSqliteDatabase(raw);
  const logged: SqliteDatabase = {
    close: () => cached.close(),
    prepare(text) {
      const stmt = cached.prepare(text);
      return {
        reader: stmt.reader,
        all: (params) => (log.push(`run ${String((params as unknown[])[0])}`), stmt.all(params)),
        run: (params) => (log.push(`run ${String((params as unknown[])[0])}`), stmt.run(params)),
        iterate: (params) => stmt.iterate(params),
      };
    },
  };
  const db = new Kysely<Tables>({ dialect: new TurnSqliteDialect(logged) });
  const nameOf = (id: number) =>
    db
      .selectFrom('item')
      .select('name')
      .where('id', '=', id)
      .executeTakeFirst()
      .then((row) => (log.push(`answer ${id}`), row?.name));
  return { db, log, nameOf };
}

test('queries asked for together run back to back, each answered with its own rows, in the order asked', async () => {
  const { db, log, nameOf } = fixture();
  const names = await Promise.all([nameOf(1), nameOf(2), nameOf(3)]);
  assert.deepEqual(names, ['one', 'two', 'three']);
  assert.deepEqual(log, ['run 1', 'run 2', 'run 3', 'answer 1', 'answer 2', 'answer 3']);
  // A query asked for after a turn has run is answered in the next one.
  assert.equal(await nameOf(2), 'two');
  await db.destroy();
});

test('a query outside a transaction waits for it to end, and sees what it committed, never what it had not', async () => {
  const { db, nameOf } = fixture();
  let outside: Promise<string | undefined> | undefined;
  let answeredDuringTransaction = false;
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('item').set({ name: 'uno' }).where('id', '=', 1).execute();
    outside = nameOf(1);
    void outside.then(() => (answeredDuringTransaction = true));
    await delay(30);
    // The transaction's own queries are not held up by the turn waiting for it.
    assert.equal((await trx.selectFrom('item').select('name').where('id', '=', 1).executeTakeFirst())?.name, 'uno');
    await delay(30);
  });
  assert.equal(answeredDuringTransaction, false);
  assert.equal(await outside, 'uno');

  let afterRollback: Promise<string | undefined> | undefined;
  await assert.rejects(
    db.transaction().execute(async (trx) => {
      await trx.updateTable('item').set({ name: 'eins' }).where('id', '=', 1).execute();
      afterRollback = nameOf(1);
      await delay(30);
      throw new Error('changed my mind');
    }),
    /changed my mind/,
  );
  assert.equal(await afterRollback, 'uno');
  await db.destroy();
});

test('a failing query fails alone: the others of its turn are answered, and the database is not held', async () => {
  const { db, nameOf } = fixture();
  const [first, duplicate, last] = await Promise.allSettled([
    nameOf(1),
    db.insertInto('item').values({ id: 4, name: 'two' }).execute(),
    nameOf(3),
  ]);
  assert.deepEqual(first, { status: 'fulfilled', value: 'one' });
  assert.equal(duplicate.status, 'rejected');
  assert.match(String(duplicate.reason), /UNIQUE constraint failed/);
  assert.deepEqual(last, { status: 'fulfilled', value: 'three' });
  const count = await sql<{ n: number }>`select count(*) as n from item`.execute(db);
  assert.equal(count.rows[0].n, 3);
  await db.transaction().execute((trx) => trx.insertInto('item').values({ id: 4, name: 'four' }).execute());
  assert.equal(await nameOf(4), 'four');
  await db.destroy();
});

test('a query asked for while the database closes (the API stopping) fails instead of waiting for ever', async () => {
  const { db, nameOf } = fixture();
  const asked = nameOf(1);
  await db.destroy();
  await assert.rejects(asked, /database connection is not open/);
});
