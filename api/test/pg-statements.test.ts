/**
 * The hot queries as named prepared statements on PostgreSQL (db/pgStatements.ts): a precompiled
 * query is prepared once per connection and answers as an unnamed one would, other queries stay
 * unnamed, and a schema change under a prepared `select *` is answered, not failed. PostgreSQL only
 * (TEST_DATABASE_URL), as the statements are.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { sql, type Generated, type Kysely } from 'kysely';
import { createDb, type Db } from '../src/db/index.js';
import { precompile } from '../src/db/precompiled.js';
import { hotStatementName } from '../src/db/pgStatements.js';
import {
  TEST_DATABASE_URL,
  addCard,
  dropSchema,
  newSchemaName,
  signUp,
  signUpProvider,
  startTestServer,
  type TestServer,
} from './helpers.js';

interface ItemsDb {
  items: { id: Generated<number>; name: string };
}

const itemsFrom = precompile<ItemsDb, [minId: number], { id: number; name: string }>(1, (db, minId) =>
  db.selectFrom('items').selectAll().where('id', '>=', minId).orderBy('id'),
);

if (TEST_DATABASE_URL) {
  describe('named prepared statements on PostgreSQL', () => {
    const schema = newSchemaName();
    let handle: Db;
    const db = () => handle.db as unknown as Kysely<ItemsDb>;
    /** The statements this session has prepared (the pool has one connection, so one session). */
    const prepared = async () =>
      (await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(db())).rows;

    before(async () => {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL! });
      await client.connect();
      await client.query(`create schema "${schema}"`);
      await client.query(`create table "${schema}".items (id serial primary key, name text not null)`);
      await client.query(`insert into "${schema}".items (name) values ('one'), ('two'), ('three')`);
      await client.end();
      handle = createDb({ databaseUrl: TEST_DATABASE_URL!, pgSchema: schema, poolSize: 1 });
    });
    after(async () => {
      await handle.destroy();
      await dropSchema(schema);
    });

    test('a precompiled query is prepared by name once and answers as the same query unnamed', async () => {
      const first = await itemsFrom(db(), 2);
      assert.deepEqual(first, [
        { id: 2, name: 'two' },
        { id: 3, name: 'three' },
      ]);
      const compiled = db().selectFrom('items').selectAll().where('id', '>=', 2).orderBy('id').compile();
      const name = hotStatementName(compiled.sql);
      assert.ok(name, 'the precompiled SQL is registered');
      assert.deepEqual(
        (await prepared()).filter((s) => s.name === name).map((s) => s.statement),
        [compiled.sql],
      );
      // Run again with other values: the same statement, the right rows.
      assert.deepEqual(await itemsFrom(db(), 3), [{ id: 3, name: 'three' }]);
      assert.deepEqual(await itemsFrom(db(), 9), []);
      assert.equal((await prepared()).filter((s) => s.name === name).length, 1);
      assert.deepEqual(await db().selectFrom('items').selectAll().where('id', '>=', 2).orderBy('id').execute(), first);
    });

    test('other queries stay unnamed', async () => {
      const rows = await db().selectFrom('items').select('name').where('id', '=', 1).execute();
      assert.deepEqual(rows, [{ name: 'one' }]);
      const statements = (await prepared()).map((s) => s.statement);
      assert.ok(
        statements.every((text) => !text.includes('"name" from "items" where "id" = $1')),
        statements.join('\n'),
      );
    });

    test('a column added under a prepared select * is answered, with the new column', async () => {
      assert.equal((await itemsFrom(db(), 1)).length, 3);
      await sql`alter table items add column note text`.execute(db());
      await sql`update items set note = 'n' where id = 1`.execute(db());
      const rows = (await itemsFrom(db(), 1)) as Array<{ id: number; name: string; note?: string | null }>;
      assert.deepEqual(rows, [
        { id: 1, name: 'one', note: 'n' },
        { id: 2, name: 'two', note: null },
        { id: 3, name: 'three', note: null },
      ]);
      assert.deepEqual(await itemsFrom(db(), 3), [{ id: 3, name: 'three', note: null }]);
    });

    test('a statement gone from the session (as behind a transaction-mode pooler) is answered unnamed', async () => {
      // A connection of its own: from here on it sends everything unnamed.
      const own = createDb({ databaseUrl: TEST_DATABASE_URL!, pgSchema: schema, poolSize: 1 });
      const ownDb = own.db as unknown as Kysely<ItemsDb>;
      try {
        const compiled = ownDb.selectFrom('items').selectAll().where('id', '>=', 2).orderBy('id').compile();
        const name = hotStatementName(compiled.sql)!;
        assert.equal((await itemsFrom(ownDb, 2)).length, 2);
        // The client still believes it is prepared, so it sends only Bind: PostgreSQL answers 26000.
        await sql.raw(`deallocate ${name}`).execute(ownDb);
        const rows = await itemsFrom(ownDb, 2);
        assert.deepEqual(
          rows.map((r) => r.name),
          ['two', 'three'],
        );
        assert.deepEqual(await itemsFrom(ownDb, 3), [rows[1]]);
        const statements = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(ownDb);
        assert.deepEqual(statements.rows, [], 'not prepared again on this connection');
      } finally {
        await own.destroy();
      }
    });

    test('inside a transaction the hot queries go unnamed, and named again after it', async () => {
      const own = createDb({ databaseUrl: TEST_DATABASE_URL!, pgSchema: schema, poolSize: 1 });
      const ownDb = own.db as unknown as Kysely<ItemsDb>;
      const names = async (on: Kysely<ItemsDb>) =>
        (await sql<{ name: string }>`select name from pg_prepared_statements`.execute(on)).rows.map((r) => r.name);
      try {
        const name = hotStatementName(ownDb.selectFrom('items').selectAll().where('id', '>=', 2).orderBy('id').compile().sql)!;
        await ownDb.transaction().execute(async (trx) => {
          assert.equal((await itemsFrom(trx, 2)).length, 2);
          assert.deepEqual(await names(trx), []);
        });
        assert.equal((await itemsFrom(ownDb, 2)).length, 2);
        assert.deepEqual(await names(ownDb), [name]);
      } finally {
        await own.destroy();
      }
    });
  });

  describe('the reads every screen load makes are prepared statements on PostgreSQL', () => {
    let server: TestServer;
    before(async () => {
      // One connection: every query of the app goes through the session inspected below.
      server = await startTestServer('postgres', { poolSize: 1 });
    });
    after(async () => {
      await server.close();
    });

    test("the bell's notifications, the unread chat count, the chat list, the saved cards and the job list, for both roles", async () => {
      const customer = await signUp(server, 'Customer');
      const provider = await signUpProvider(server);
      await addCard(server, customer);
      const sent = await server.req('POST', '/api/chats', {
        token: customer.token,
        json: { customer_id: customer.id, provider_id: provider.id, message_type: 'text', message: 'Hello' },
      });
      assert.equal(sent.status, 201, JSON.stringify(sent.body));
      for (const user of [customer, provider]) {
        for (const path of ['/api/notifications', '/api/chats/unread', '/api/chats', '/api/payment-methods', '/api/jobs']) {
          const answer = await server.req('GET', path, { token: user.token });
          assert.equal(answer.status, 200, `${path}: ${JSON.stringify(answer.body)}`);
        }
      }
      const unread = await server.req('GET', '/api/chats/unread', { token: provider.token });
      assert.equal(unread.body.data.total, 1, 'the provider has the customer’s message unread');
      const statements = (
        await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(server.app.ctx.db)
      ).rows.map((r) => r.statement);
      const preparedFrom = (fragment: string) => statements.filter((text) => text.includes(fragment)).length;
      assert.equal(preparedFrom('from "notifications" as "n"'), 1, statements.join('\n'));
      assert.equal(preparedFrom('from "payment_methods" where "user_id" = $1'), 1, statements.join('\n'));
      // One per role: which column holds the user (and how far they have read) differs.
      assert.equal(preparedFrom('from "messages" inner join "chats"'), 2, statements.join('\n'));
      assert.equal(preparedFrom('from "chats" inner join "users" as "c"'), 2, statements.join('\n'));
      assert.ok(preparedFrom('from "jobs" inner join "users" as "c"') >= 2, statements.join('\n'));
    });
  });
}
