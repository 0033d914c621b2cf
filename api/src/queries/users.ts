import { sql, type Kysely } from 'kysely';
import type { User } from 'shared/src/contracts/entities';
import type { Database, UserRow } from '../db/schema.js';
import { toUser, type UserStats } from '../serializers.js';

/**
 * Fresh job counters of a user, on the user's own side (provider_id for a provider, customer_id for
 * a customer): completed_jobs counts Completed jobs, total_provider_jobs counts all of them.
 * Both read one index range (jobs_*_created_idx). A provider's also carry, in the same query, how many
 * services they offer (0 for a provider new to the app: no customer finds them yet).
 */
export async function userStats(db: Kysely<Database>, user: Pick<UserRow, 'id' | 'role'>): Promise<UserStats> {
  const isProvider = user.role === 'Provider';
  const row = await db
    .selectFrom('jobs')
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`coalesce(sum(case when status = 'Completed' then 1 else 0 end), 0)`.as('completed'),
      (isProvider
        ? sql<number | null>`(select count(*) from user_services where user_id = ${user.id})`
        : sql<number | null>`null`
      ).as('services'),
    ])
    .where(isProvider ? 'provider_id' : 'customer_id', '=', user.id)
    .executeTakeFirstOrThrow();
  const stats: UserStats = { completed_jobs: Number(row.completed), total_provider_jobs: Number(row.total) };
  if (isProvider) stats.services_offered = Number(row.services);
  return stats;
}

export async function userWithStats(db: Kysely<Database>, row: UserRow): Promise<User> {
  return toUser(row, await userStats(db, row));
}

export function findUserByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

export function findUser(db: Kysely<Database>, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}
