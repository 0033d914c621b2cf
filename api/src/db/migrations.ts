import { Migrator, sql, type CreateTableBuilder, type Kysely, type Migration, type MigrationResultSet } from 'kysely';
import type { Db, Dialect } from './index.js';

/**
 * A migration sees the database as it was when the migration was written, not as schema.ts describes
 * it today, so it is typed with no tables at all.
 */
type MigrationDb = Kysely<Record<string, never>>;

/**
 * The one set of migrations for both engines. Only the id column and the timestamp type differ:
 * PostgreSQL gets serial ids and timestamptz, SQLite integer autoincrement ids and ISO-8601 text.
 * Migrations are code (not files scanned at run time), keyed so they sort in the order they apply.
 */
export function buildMigrations(dialect: Dialect): Record<string, Migration> {
  const ts = dialect === 'postgres' ? 'timestamptz' : 'text';

  function withId<T extends string>(table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
    return dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  }

  return {
    '0001_initial': {
      async up(db: MigrationDb) {
        await withId(db.schema.createTable('users'))
          .addColumn('first_name', 'text', (c) => c.notNull())
          .addColumn('last_name', 'text', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull().unique())
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('Customer', 'Provider')`))
          .addColumn('phone', 'text')
          .addColumn('address', 'text')
          .addColumn('avatar', 'text')
          .addColumn('bio', 'text')
          .addColumn('year_of_exp', 'integer')
          .addColumn('basic_price_cents', 'integer')
          .addColumn('payment_customer_ref', 'text')
          .addColumn('created_at', ts, (c) => c.notNull())
          .addColumn('updated_at', ts, (c) => c.notNull())
          .execute();

        await withId(db.schema.createTable('api_tokens'))
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('token_hash', 'text', (c) => c.notNull().unique())
          .addColumn('device_id', 'text')
          .addColumn('created_at', ts, (c) => c.notNull())
          .execute();
        await db.schema.createIndex('api_tokens_user_id_idx').on('api_tokens').column('user_id').execute();

        await withId(db.schema.createTable('password_resets'))
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('code_hash', 'text', (c) => c.notNull())
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('expires_at', ts, (c) => c.notNull())
          .addColumn('used_at', ts)
          .addColumn('created_at', ts, (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('password_resets_user_created_idx')
          .on('password_resets')
          .columns(['user_id', 'created_at'])
          .execute();

        await withId(db.schema.createTable('services'))
          .addColumn('name', 'text', (c) => c.notNull().unique())
          .addColumn('description', 'text', (c) => c.notNull())
          .addColumn('icon', 'text', (c) => c.notNull())
          .addColumn('created_at', ts, (c) => c.notNull())
          .execute();

        await withId(db.schema.createTable('user_services'))
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id').onDelete('cascade'))
          .addColumn('created_at', ts, (c) => c.notNull())
          .addUniqueConstraint('user_services_user_service_unique', ['user_id', 'service_id'])
          .execute();
        await db.schema.createIndex('user_services_service_idx').on('user_services').column('service_id').execute();

        await withId(db.schema.createTable('jobs'))
          .addColumn('customer_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('provider_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id'))
          .addColumn('status', 'text', (c) =>
            c.notNull().check(sql`status in ('Pending', 'Accepted', 'Approved', 'Rejected', 'Completed')`),
          )
          .addColumn('address', 'text', (c) => c.notNull())
          .addColumn('destination_address', 'text', (c) => c.notNull())
          .addColumn('lat', 'double precision')
          .addColumn('lng', 'double precision')
          .addColumn('destination_lat', 'double precision')
          .addColumn('destination_lng', 'double precision')
          .addColumn('price_cents', 'integer', (c) => c.notNull())
          .addColumn('duration', 'text')
          .addColumn('day', 'text')
          .addColumn('date', 'text')
          .addColumn('time', 'text')
          .addColumn('custom_time', 'text')
          .addColumn('created_at', ts, (c) => c.notNull())
          .addColumn('updated_at', ts, (c) => c.notNull())
          .execute();
        await db.schema.createIndex('jobs_customer_created_idx').on('jobs').columns(['customer_id', 'created_at']).execute();
        await db.schema.createIndex('jobs_provider_created_idx').on('jobs').columns(['provider_id', 'created_at']).execute();

        await withId(db.schema.createTable('payment_methods'))
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('processor', 'text', (c) => c.notNull())
          .addColumn('processor_ref', 'text', (c) => c.notNull())
          .addColumn('card_brand', 'text', (c) => c.notNull())
          .addColumn('card_last4', 'text', (c) => c.notNull())
          .addColumn('exp_month', 'integer')
          .addColumn('exp_year', 'integer')
          .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', ts, (c) => c.notNull())
          .execute();
        await db.schema.createIndex('payment_methods_user_idx').on('payment_methods').column('user_id').execute();

        await withId(db.schema.createTable('payments'))
          .addColumn('job_id', 'integer', (c) => c.notNull().unique().references('jobs.id').onDelete('cascade'))
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('payment_method_id', 'integer', (c) => c.references('payment_methods.id').onDelete('set null'))
          .addColumn('amount_cents', 'integer', (c) => c.notNull())
          .addColumn('currency', 'text', (c) => c.notNull())
          .addColumn('processor', 'text', (c) => c.notNull())
          .addColumn('processor_ref', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('created_at', ts, (c) => c.notNull())
          .execute();

        await withId(db.schema.createTable('ratings'))
          .addColumn('job_id', 'integer', (c) => c.notNull().unique().references('jobs.id').onDelete('cascade'))
          .addColumn('customer_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('provider_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
          .addColumn('feedback', 'text', (c) => c.notNull())
          .addColumn('created_at', ts, (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('ratings_provider_created_idx')
          .on('ratings')
          .columns(['provider_id', 'created_at'])
          .execute();
        await db.schema.createIndex('ratings_created_idx').on('ratings').column('created_at').execute();

        await db.schema
          .createTable('sandbox_tokens')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('brand', 'text', (c) => c.notNull())
          .addColumn('last4', 'text', (c) => c.notNull())
          .addColumn('exp_month', 'integer', (c) => c.notNull())
          .addColumn('exp_year', 'integer', (c) => c.notNull())
          .addColumn('behavior', 'text', (c) => c.notNull())
          .addColumn('attached_at', ts)
          .addColumn('created_at', ts, (c) => c.notNull())
          .execute();

        await withId(db.schema.createTable('chats'))
          .addColumn('customer_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('provider_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('created_at', ts, (c) => c.notNull())
          .addColumn('updated_at', ts, (c) => c.notNull())
          .addUniqueConstraint('chats_pair_unique', ['customer_id', 'provider_id'])
          .execute();
        await db.schema.createIndex('chats_provider_idx').on('chats').column('provider_id').execute();

        await withId(db.schema.createTable('messages'))
          .addColumn('chat_id', 'integer', (c) => c.notNull().references('chats.id').onDelete('cascade'))
          .addColumn('from_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('message', 'text', (c) => c.notNull())
          .addColumn('message_type', 'text', (c) => c.notNull().check(sql`message_type in ('text', 'photo', 'attachment')`))
          .addColumn('attachment', 'text')
          .addColumn('created_at', ts, (c) => c.notNull())
          .execute();
        await db.schema.createIndex('messages_chat_id_idx').on('messages').columns(['chat_id', 'id']).execute();

        await withId(db.schema.createTable('notifications'))
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('sender_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('description', 'text', (c) => c.notNull())
          .addColumn('job_id', 'integer', (c) => c.references('jobs.id').onDelete('cascade'))
          .addColumn('chat_id', 'integer', (c) => c.references('chats.id').onDelete('cascade'))
          .addColumn('read_at', ts)
          .addColumn('created_at', ts, (c) => c.notNull())
          .execute();
        await db.schema.createIndex('notifications_user_id_idx').on('notifications').columns(['user_id', 'id']).execute();

        await withId(db.schema.createTable('contact_messages'))
          .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('message', 'text', (c) => c.notNull())
          .addColumn('created_at', ts, (c) => c.notNull())
          .execute();

        await withId(db.schema.createTable('mail_outbox'))
          .addColumn('to_address', 'text', (c) => c.notNull())
          .addColumn('subject', 'text', (c) => c.notNull())
          .addColumn('text', 'text', (c) => c.notNull())
          .addColumn('html', 'text')
          .addColumn('created_at', ts, (c) => c.notNull())
          .execute();
        await db.schema.createIndex('mail_outbox_to_idx').on('mail_outbox').columns(['to_address', 'id']).execute();
      },
      async down(db: MigrationDb) {
        for (const table of [
          'mail_outbox',
          'contact_messages',
          'notifications',
          'messages',
          'chats',
          'sandbox_tokens',
          'ratings',
          'payments',
          'payment_methods',
          'jobs',
          'user_services',
          'services',
          'password_resets',
          'api_tokens',
          'users',
        ]) {
          await db.schema.dropTable(table).ifExists().execute();
        }
      },
    },
    '0002_chat_read_state': {
      // Chat read state: the id of the newest message each party has read (0: none), so the chats list can
      // count a party's unread messages; and the original name and size of a message's attached file.
      async up(db: MigrationDb) {
        await db.schema
          .alterTable('chats')
          .addColumn('customer_read_id', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema
          .alterTable('chats')
          .addColumn('provider_read_id', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema.alterTable('messages').addColumn('attachment_name', 'text').execute();
        await db.schema.alterTable('messages').addColumn('attachment_size', 'integer').execute();
      },
      async down(db: MigrationDb) {
        await db.schema.alterTable('messages').dropColumn('attachment_size').execute();
        await db.schema.alterTable('messages').dropColumn('attachment_name').execute();
        await db.schema.alterTable('chats').dropColumn('provider_read_id').execute();
        await db.schema.alterTable('chats').dropColumn('customer_read_id').execute();
      },
    },
    '0002_session_expiry_and_rate_limits': {
      async up(db: MigrationDb) {
        // Idle timeout: when each bearer token was last used (absolute lifetime counts from created_at).
        await db.schema.alterTable('api_tokens').addColumn('last_used_at', ts).execute();
        // Login and password-reset throttles, seen by every API instance on this database.
        await db.schema
          .createTable('rate_limits')
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('hits', 'integer', (c) => c.notNull())
          .addColumn('reset_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('rate_limits_reset_at_idx').on('rate_limits').column('reset_at').execute();
      },
      async down(db: MigrationDb) {
        await db.schema.dropTable('rate_limits').ifExists().execute();
        await db.schema.alterTable('api_tokens').dropColumn('last_used_at').execute();
      },
    },
    '0003_refunds_expiry_emails': {
      // Issue 13: the Cancelled and Expired statuses, refunds, idempotency keys on charges, and the
      // e-mail preference.
      async up(db: MigrationDb) {
        await widenJobStatuses(db, dialect, [...JOB_STATUSES_0003]);
        await db.schema.createIndex('jobs_status_created_idx').on('jobs').columns(['status', 'created_at']).execute();
        await db.schema.alterTable('payments').addColumn('idempotency_key', 'text').execute();
        await db.schema.createIndex('payments_idempotency_key_idx').unique().on('payments').column('idempotency_key').execute();
        await withId(db.schema.createTable('refunds'))
          .addColumn('payment_id', 'integer', (c) => c.notNull().unique().references('payments.id').onDelete('cascade'))
          .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('amount_cents', 'integer', (c) => c.notNull())
          .addColumn('currency', 'text', (c) => c.notNull())
          .addColumn('processor', 'text', (c) => c.notNull())
          .addColumn('processor_ref', 'text')
          .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'succeeded')`))
          .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
          .addColumn('reason', 'text', (c) => c.notNull())
          .addColumn('created_at', ts, (c) => c.notNull())
          .addColumn('updated_at', ts, (c) => c.notNull())
          .execute();
        await db.schema.createIndex('refunds_user_created_idx').on('refunds').columns(['user_id', 'created_at']).execute();
        await db.schema.createIndex('refunds_status_idx').on('refunds').column('status').execute();
        await db.schema.createIndex('refunds_job_idx').on('refunds').column('job_id').execute();
        await db.schema.createIndex('payments_user_created_idx').on('payments').columns(['user_id', 'created_at']).execute();
        await db.schema
          .alterTable('users')
          .addColumn('email_notifications', 'integer', (c) => c.notNull().defaultTo(1))
          .execute();
      },
      async down(db: MigrationDb) {
        await db.schema.alterTable('users').dropColumn('email_notifications').execute();
        await db.schema.dropIndex('payments_user_created_idx').ifExists().execute();
        await db.schema.dropTable('refunds').ifExists().execute();
        await db.schema.dropIndex('payments_idempotency_key_idx').ifExists().execute();
        await db.schema.alterTable('payments').dropColumn('idempotency_key').execute();
        await db.schema.dropIndex('jobs_status_created_idx').ifExists().execute();
      },
    },
    '0004_payment_card': {
      // The charged card's brand and last four on the payment itself: the history and the receipts
      // still show them after the card is removed (its payment_method_id is then set null).
      async up(db: MigrationDb) {
        await db.schema.alterTable('payments').addColumn('card_brand', 'text').execute();
        await db.schema.alterTable('payments').addColumn('card_last4', 'text').execute();
        await sql`
          update payments set
            card_brand = (select m.card_brand from payment_methods m where m.id = payments.payment_method_id),
            card_last4 = (select m.card_last4 from payment_methods m where m.id = payments.payment_method_id)
          where payment_method_id is not null`.execute(db);
      },
      async down(db: MigrationDb) {
        await db.schema.alterTable('payments').dropColumn('card_last4').execute();
        await db.schema.alterTable('payments').dropColumn('card_brand').execute();
      },
    },
    '0005_message_client_key': {
      // The sender's key of a message (Idempotency-Key): a message sent again after its answer was lost
      // is stored once. Null for messages sent without one; nulls never collide in a unique index.
      async up(db: MigrationDb) {
        await db.schema.alterTable('messages').addColumn('client_key', 'text').execute();
        await db.schema
          .createIndex('messages_from_client_key_idx')
          .on('messages')
          .columns(['from_id', 'client_key'])
          .unique()
          .execute();
      },
      async down(db: MigrationDb) {
        await db.schema.dropIndex('messages_from_client_key_idx').ifExists().execute();
        await db.schema.alterTable('messages').dropColumn('client_key').execute();
      },
    },
    '0006_jobs_by_last_change': {
      // Previous Bookings lists a side's finished jobs by when they finished (GET /api/jobs?sort=updated).
      async up(db: MigrationDb) {
        await db.schema.createIndex('jobs_customer_updated_idx').on('jobs').columns(['customer_id', 'updated_at']).execute();
        await db.schema.createIndex('jobs_provider_updated_idx').on('jobs').columns(['provider_id', 'updated_at']).execute();
      },
      async down(db: MigrationDb) {
        await db.schema.dropIndex('jobs_customer_updated_idx').ifExists().execute();
        await db.schema.dropIndex('jobs_provider_updated_idx').ifExists().execute();
      },
    },
    '0007_removed_payment_methods': {
      // A removed card leaves its id and owner (cards are deleted, not kept): Remove card or Make this
      // Default of a card removed in another tab is told 'This card has already been removed.', an id
      // that was never the user's card a plain not-found. Ids are never reused on either engine.
      async up(db: MigrationDb) {
        await db.schema
          .createTable('removed_payment_methods')
          .addColumn('id', 'integer', (c) => c.primaryKey())
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('removed_at', ts, (c) => c.notNull())
          .execute();
      },
      async down(db: MigrationDb) {
        await db.schema.dropTable('removed_payment_methods').ifExists().execute();
      },
    },
    '0008_payment_time_zone': {
      // The customer's time zone when they paid, sent with the booking: the receipts of the charge and of
      // its refund write their times in it instead of UTC (null on older payments: UTC, as before).
      async up(db: MigrationDb) {
        await db.schema.alterTable('payments').addColumn('time_zone', 'text').execute();
      },
      async down(db: MigrationDb) {
        await db.schema.alterTable('payments').dropColumn('time_zone').execute();
      },
    },
    '0009_booking_fingerprint': {
      // A digest of what the booking that made a charge chose (domain/bookingFingerprint.ts): the same
      // Idempotency-Key sent again with other choices is refused instead of answering the first booking
      // as if it were the one asked for (null on older payments: not compared).
      async up(db: MigrationDb) {
        await db.schema.alterTable('payments').addColumn('booking_fingerprint', 'text').execute();
      },
      async down(db: MigrationDb) {
        await db.schema.alterTable('payments').dropColumn('booking_fingerprint').execute();
      },
    },
    '0010_provider_rating': {
      // A provider's average rating kept on their row (queries/ratings.ts keeps it): every booking card
      // shows its driver's, read with the names the job lists join already, with no aggregate per row.
      async up(db: MigrationDb) {
        await db.schema.alterTable('users').addColumn('rating_avg', 'double precision').execute();
        await sql`update users set rating_avg = (select avg(rating) from ratings where ratings.provider_id = users.id) where role = 'Provider'`.execute(
          db,
        );
      },
      async down(db: MigrationDb) {
        await db.schema.alterTable('users').dropColumn('rating_avg').execute();
      },
    },
    '0011_booking_attempts': {
      // A booking being paid for (routes/jobs.ts): the card is charged outside any transaction, so that a
      // slow processor holds no database connection or lock, and this row stands for the booking meanwhile:
      // the same booking (or the same key) sent again waits for it instead of being charged twice.
      async up(db: MigrationDb) {
        await withId(db.schema.createTable('booking_attempts'))
          .addColumn('customer_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
          .addColumn('same_booking_key', 'text', (c) => c.notNull())
          .addColumn('created_at', ts, (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('booking_attempts_customer_idx')
          .on('booking_attempts')
          .columns(['customer_id', 'same_booking_key'])
          .execute();
      },
      async down(db: MigrationDb) {
        await db.schema.dropTable('booking_attempts').ifExists().execute();
      },
    },
  };
}

const JOB_STATUSES_0003 = ['Pending', 'Accepted', 'Approved', 'Rejected', 'Completed', 'Cancelled', 'Expired'] as const;

/**
 * Replaces the jobs table's CHECK on status. PostgreSQL alters the constraint; SQLite cannot, so the
 * table is rebuilt the way SQLite documents it ("Making Other Kinds Of Table Schema Changes"): with
 * foreign keys off (migrations run outside a transaction on SQLite), create the new table from the old
 * one's own SQL with the new CHECK, copy, drop, rename, recreate its indexes, and check the keys.
 */
async function widenJobStatuses(db: MigrationDb, dialect: Dialect, statuses: string[]): Promise<void> {
  const list = sql.join(statuses.map((s) => sql.lit(s)));
  if (dialect === 'postgres') {
    await sql`alter table jobs drop constraint if exists jobs_status_check`.execute(db);
    await sql`alter table jobs add constraint jobs_status_check check (status in (${list}))`.execute(db);
    return;
  }
  const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'jobs'`.execute(db);
  const indexes = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'index' and tbl_name = 'jobs' and sql is not null`.execute(db);
  const oldSql = table.rows[0]?.sql;
  const check = /"?status"?\s+text\s+not null\s+check\s*\(status in \([^)]*\)\)/i;
  if (!oldSql || !check.test(oldSql)) throw new Error('jobs table: status CHECK not found');
  const quoted = statuses.map((s) => `'${s}'`).join(', ');
  const newSql = oldSql
    .replace(/^create table "?jobs"?/i, 'create table "jobs_new"')
    .replace(check, `"status" text not null check (status in (${quoted}))`);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql.raw(newSql).execute(db);
    await sql`insert into jobs_new select * from jobs`.execute(db);
    await sql`drop table jobs`.execute(db);
    await sql`alter table jobs_new rename to jobs`.execute(db);
    for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error('jobs table rebuild broke foreign keys');
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

/**
 * The schema the connection works in (the first of its search_path that exists). Kysely's migrator,
 * told no schema, takes its tables found in any schema as its own: a database where another schema
 * was migrated (a second deployment, a test) would skip creating them here and then fail.
 */
async function currentSchema(handle: Db): Promise<string> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(handle.db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('PostgreSQL: no schema of the search_path exists to migrate into');
  return schema;
}

/** Applies every pending migration; throws if one fails. Safe to call on every start. */
export async function migrateToLatest(handle: Db): Promise<MigrationResultSet> {
  if (handle.dialect === 'postgres' && handle.schema) {
    await sql`create schema if not exists ${sql.id(handle.schema)}`.execute(handle.db);
  }
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => buildMigrations(handle.dialect) },
    ...(handle.dialect === 'postgres' ? { migrationTableSchema: handle.schema ?? (await currentSchema(handle)) } : {}),
  });
  const result = await migrator.migrateToLatest();
  if (result.error)
    throw result.error instanceof Error ? result.error : new Error(`migration failed: ${JSON.stringify(result.error)}`);
  return result;
}
