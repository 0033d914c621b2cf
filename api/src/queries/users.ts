import { sql, type Kysely } from 'kysely';
import type { User } from 'shared/src/contracts/entities';
import type { Database, UserRow } from '../db/schema.js';
import { toUser, type UserStats } from '../serializers.js';

/**
 * Fresh job counters of a user, on the user's own side (provider_id for a provider, customer_id for
 * a customer): completed_jobs counts Completed jobs, total_provider_jobs counts all of them.
 * Both read one index range (jobs_*_created_idx).
 */
export async function userStats(db: Kysely<Database>, user: Pick<UserRow, 'id' | 'role'>): Promise<UserStats> {
  const column = user.role === 'Provider' ? 'provider_id' : 'customer_id';
  const row = await db
    .selectFrom('jobs')
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`coalesce(sum(case when status = 'Completed' then 1 else 0 end), 0)`.as('completed'),
    ])
    .where(column, '=', user.id)
    .executeTakeFirstOrThrow();
  return { completed_jobs: Number(row.completed), total_provider_jobs: Number(row.total) };
}

/** How many services a provider offers (0 for a provider new to the app: no customer finds them yet). */
async function servicesOffered(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('user_services')
    .select(sql<number>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function userWithStats(db: Kysely<Database>, row: UserRow): Promise<User> {
  const stats = await userStats(db, row);
  if (row.role === 'Provider') stats.services_offered = await servicesOffered(db, row.id);
  return toUser(row, stats);
}

export function findUserByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

export function findUser(db: Kysely<Database>, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}
