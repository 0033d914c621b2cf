/**
 * The SQLite statement cache behind Kysely (db/sqliteStatements.ts): rows read in raw mode and
 * rebuilt are the rows better-sqlite3 gives in object mode, statements are reused, and a schema
 * change is seen by a cached `select *`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import SQLite from 'better-sqlite3';
import { cachingSqliteDatabase } from '../src/db/sqliteStatements.js';

function fixture() {
  const raw = new SQLite(':memory:');
  raw.exec(`
    create table a (id integer primary key, name text, score real, note text);
    create table b (id integer primary key, a_id integer, name text);
    insert into a values (1, 'one', 1.5, null), (2, 'two', 2, 'x');
    insert into b values (10, 1, 'b-one'), (11, 2, 'b-two');
  `);
  return { raw, db: cachingSqliteDatabase(raw, 2) };
}

test('rows equal object-mode rows, duplicate column names included (the later one wins)', () => {
  const { raw, db } = fixture();
  const sql = 'select a.*, b.name, b.id as b_id from a join b on b.a_id = a.id where a.id >= ? order by a.id';
  const expected = raw.prepare(sql).all(1);
  const got = db.prepare(sql).all([1]);
  assert.deepEqual(got, expected);
  assert.deepEqual(Object.keys(got[0] as object), Object.keys(expected[0] as object));
  assert.deepEqual(db.prepare('select count(*) as n from a').all([]), [{ n: 2 }]);
  raw.close();
});

test('statements are reused, and writes report changes and ids', () => {
  const { raw, db } = fixture();
  const select = 'select id from a where id = ?';
  assert.equal(db.prepare(select), db.prepare(select));
  const insert = db.prepare('insert into a (name, score) values (?, ?)');
  assert.equal(insert.reader, false);
  const result = insert.run(['three', 3]);
  assert.equal(Number(result.changes), 1);
  assert.equal(Number(result.lastInsertRowid), 3);
  assert.deepEqual(db.prepare(select).all([3]), [{ id: 3 }]);
  raw.close();
});

test('the cache is bounded and a schema change empties it', () => {
  const { raw, db } = fixture();
  const first = db.prepare('select * from a where id = ?');
  assert.deepEqual(first.all([1]), [{ id: 1, name: 'one', score: 1.5, note: null }]);
  db.prepare('alter table a add column extra text').run([]);
  // A new statement: `select *` now has the new column.
  assert.notEqual(db.prepare('select * from a where id = ?'), first);
  assert.deepEqual(db.prepare('select * from a where id = ?').all([1]), [
    { id: 1, name: 'one', score: 1.5, note: null, extra: null },
  ]);
  // Capacity 2: the least recently used statement is prepared again.
  const s1 = db.prepare('select 1 as one');
  db.prepare('select 2 as two');
  db.prepare('select 3 as three');
  assert.notEqual(db.prepare('select 1 as one'), s1);
  raw.close();
});
