/**
 * Migration 0003 on a database that already holds data: the jobs table's status CHECK grows Cancelled
 * and Expired (on SQLite by rebuilding the table), and nothing that was there is lost or unlinked.
 * Migration 0004 copies each charge's card brand and last four onto it.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql, type Kysely } from 'kysely';
import { createDb, type Db } from '../src/db/index.js';
import { buildMigrations, migrateToLatest } from '../src/db/migrations.js';
import type { Database } from '../src/db/schema.js';
import { DIALECTS, TEST_DATABASE_URL, dropSchema, newSchemaName } from './helpers.js';

const NOW = '2025-06-15T12:00:00.000Z';

async function seedBefore0003(db: Kysely<Database>) {
  const user = (role: 'Customer' | 'Provider', email: string) =>
    db
      .insertInto('users')
      .values({
        first_name: role,
        last_name: 'Old',
        email,
        password_hash: 'x',
        role,
        phone: null,
        address: null,
        avatar: null,
        bio: null,
        year_of_exp: null,
        basic_price_cents: 2500,
        payment_customer_ref: null,
        created_at: NOW,
        updated_at: NOW,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
  const customer = await user('Customer', 'old-customer@example.com');
  const provider = await user('Provider', 'old-provider@example.com');
  const service = await db
    .insertInto('services')
    .values({ name: 'Driver', description: 'd', icon: 'i', created_at: NOW })
    .returning('id')
    .executeTakeFirstOrThrow();
  const job = await db
    .insertInto('jobs')
    .values({
      customer_id: customer.id,
      provider_id: provider.id,
      service_id: service.id,
      status: 'Completed',
      address: 'a',
      destination_address: 'b',
      lat: null,
      lng: null,
      destination_lat: null,
      destination_lng: null,
      price_cents: 2500,
      duration: null,
      day: null,
      date: null,
      time: null,
      custom_time: null,
      created_at: NOW,
      updated_at: NOW,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('payments')
    .values({
      job_id: job.id,
      user_id: customer.id,
      payment_method_id: null,
      amount_cents: 1000,
      currency: 'inr',
      processor: 'sandbox',
      processor_ref: 'ch_old',
      status: 'succeeded',
      created_at: NOW,
    })
    .execute();
  await db
    .insertInto('ratings')
    .values({ job_id: job.id, customer_id: customer.id, provider_id: provider.id, rating: 5, feedback: 'good', created_at: NOW })
    .execute();
  return { customerId: customer.id, providerId: provider.id, jobId: job.id };
}

for (const dialect of DIALECTS) {
  describe(`migration 0003 on existing data (${dialect})`, () => {
    test('keeps every job, payment and rating, and then accepts Cancelled and Expired', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-migrate-'));
      const schema = dialect === 'postgres' ? newSchemaName() : undefined;
      const handle: Db =
        dialect === 'postgres'
          ? createDb({ databaseUrl: TEST_DATABASE_URL!, pgSchema: schema, poolSize: 2 })
          : createDb({ databaseUrl: null, sqlitePath: path.join(dir, 'app.db') });
      try {
        if (schema) await sql`create schema if not exists ${sql.id(schema)}`.execute(handle.db);
        const migrator = new Migrator({
          db: handle.db,
          provider: { getMigrations: () => Promise.resolve(buildMigrations(handle.dialect)) },
          ...(schema ? { migrationTableSchema: schema } : {}),
        });
        const to0002 = await migrator.migrateTo('0002_session_expiry_and_rate_limits');
        assert.equal(to0002.error, undefined);
        const { customerId, providerId, jobId } = await seedBefore0003(handle.db);

        await migrateToLatest(handle);
        const job = await handle.db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
        assert.equal(job.status, 'Completed');
        assert.equal(job.price_cents, 2500);
        const payment = await handle.db.selectFrom('payments').selectAll().where('job_id', '=', jobId).executeTakeFirstOrThrow();
        assert.equal(payment.processor_ref, 'ch_old');
        assert.equal(payment.idempotency_key, null);
        assert.equal(
          (await handle.db.selectFrom('ratings').select('rating').where('job_id', '=', jobId).executeTakeFirstOrThrow()).rating,
          5,
        );
        const user = await handle.db
          .selectFrom('users')
          .select('email_notifications')
          .where('id', '=', customerId)
          .executeTakeFirstOrThrow();
        assert.equal(Number(user.email_notifications), 1);
        // Migration 0010 keeps the provider's average from the ratings already there.
        const averages = await handle.db
          .selectFrom('users')
          .select(['id', 'rating_avg'])
          .where('id', 'in', [customerId, providerId])
          .execute();
        assert.equal(averages.find((u) => u.id === providerId)?.rating_avg, 5);
        assert.equal(averages.find((u) => u.id === customerId)?.rating_avg, null);

        for (const status of ['Cancelled', 'Expired'] as const) {
          await handle.db.updateTable('jobs').set({ status }).where('id', '=', jobId).execute();
        }
        await assert.rejects(
          handle.db
            .updateTable('jobs')
            .set({ status: 'Lost' as never })
            .where('id', '=', jobId)
            .execute(),
        );
        // The payments and ratings still point at the rebuilt table: deleting the job cascades to them.
        await handle.db.deleteFrom('jobs').where('id', '=', jobId).execute();
        assert.equal((await handle.db.selectFrom('payments').select('id').where('job_id', '=', jobId).execute()).length, 0);
        assert.equal((await handle.db.selectFrom('ratings').select('id').where('job_id', '=', jobId).execute()).length, 0);
      } finally {
        await handle.destroy();
        if (schema) await dropSchema(schema);
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}

for (const dialect of DIALECTS) {
  describe(`migration 0004 on existing data (${dialect})`, () => {
    test("fills each charge's card brand and last four from its saved card, which then may go", async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-migrate-'));
      const schema = dialect === 'postgres' ? newSchemaName() : undefined;
      const handle: Db =
        dialect === 'postgres'
          ? createDb({ databaseUrl: TEST_DATABASE_URL!, pgSchema: schema, poolSize: 2 })
          : createDb({ databaseUrl: null, sqlitePath: path.join(dir, 'app.db') });
      try {
        if (schema) await sql`create schema if not exists ${sql.id(schema)}`.execute(handle.db);
        const migrator = new Migrator({
          db: handle.db,
          provider: { getMigrations: () => Promise.resolve(buildMigrations(handle.dialect)) },
          ...(schema ? { migrationTableSchema: schema } : {}),
        });
        assert.equal((await migrator.migrateTo('0003_refunds_expiry_emails')).error, undefined);
        const { customerId, jobId } = await seedBefore0003(handle.db);
        const card = await handle.db
          .insertInto('payment_methods')
          .values({
            user_id: customerId,
            processor: 'sandbox',
            processor_ref: 'tok_old',
            card_brand: 'Visa',
            card_last4: '4242',
            exp_month: 12,
            exp_year: 2030,
            is_default: 1,
            created_at: NOW,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const { provider_id: providerId, service_id: serviceId } = await handle.db
          .selectFrom('jobs')
          .select(['provider_id', 'service_id'])
          .where('id', '=', jobId)
          .executeTakeFirstOrThrow();
        const secondJob = await handle.db
          .insertInto('jobs')
          .values({
            customer_id: customerId,
            provider_id: providerId,
            service_id: serviceId,
            status: 'Rejected',
            address: 'a',
            destination_address: 'b',
            lat: null,
            lng: null,
            destination_lat: null,
            destination_lng: null,
            price_cents: 2500,
            duration: null,
            day: null,
            date: null,
            time: null,
            custom_time: null,
            created_at: NOW,
            updated_at: NOW,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await handle.db
          .insertInto('payments')
          .values({
            job_id: secondJob.id,
            user_id: customerId,
            payment_method_id: card.id,
            amount_cents: 1000,
            currency: 'inr',
            processor: 'sandbox',
            processor_ref: 'ch_with_card',
            status: 'succeeded',
            created_at: NOW,
          })
          .execute();

        await migrateToLatest(handle);
        await handle.db.deleteFrom('payment_methods').where('id', '=', card.id).execute();
        const payments = await handle.db
          .selectFrom('payments')
          .select(['processor_ref', 'payment_method_id', 'card_brand', 'card_last4'])
          .orderBy('processor_ref')
          .execute();
        assert.deepEqual(payments, [
          { processor_ref: 'ch_old', payment_method_id: null, card_brand: null, card_last4: null },
          { processor_ref: 'ch_with_card', payment_method_id: null, card_brand: 'Visa', card_last4: '4242' },
        ]);
      } finally {
        await handle.destroy();
        if (schema) await dropSchema(schema);
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}

if (TEST_DATABASE_URL) {
  describe('migrations into a schema named only by the search_path (postgres)', () => {
    test('a second schema of the same database is migrated in full, beside one migrated before', async () => {
      const schemas = [newSchemaName(), newSchemaName()];
      const handles: Db[] = [];
      try {
        for (const schema of schemas) {
          const url = new URL(TEST_DATABASE_URL!);
          url.searchParams.set('options', `-c search_path=${schema}`);
          const handle = createDb({ databaseUrl: url.toString(), poolSize: 2 });
          handles.push(handle);
          await sql`create schema ${sql.id(schema)}`.execute(handle.db);
          const result = await migrateToLatest(handle);
          assert.ok((result.results ?? []).length > 0, `no migration ran in ${schema}`);
        }
        for (const [i, handle] of handles.entries()) {
          const tables = await sql<{ table_name: string }>`
            select table_name from information_schema.tables
            where table_schema = ${schemas[i]} and table_name in ('kysely_migration_lock', 'users', 'jobs')
            order by table_name`.execute(handle.db);
          assert.deepEqual(
            tables.rows.map((t) => t.table_name),
            ['jobs', 'kysely_migration_lock', 'users'],
          );
          assert.deepEqual(await handle.db.selectFrom('jobs').select('id').execute(), []);
        }
      } finally {
        for (const handle of handles) await handle.destroy();
        for (const schema of schemas) await dropSchema(schema);
      }
    });
  });
}
