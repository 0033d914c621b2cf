import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** An average rating as the API answers it: two decimals, null when there are no ratings. */
export const roundRating = (avg: number | string | null) => (avg === null ? null : Math.round(Number(avg) * 100) / 100);

/**
 * Sets the provider's kept average (users.rating_avg) from their ratings; run with each rating stored,
 * in its transaction. One provider, or every provider when none is named (the demo seed).
 */
export async function refreshProviderRating(db: Kysely<Database>, providerId?: number): Promise<void> {
  let update = db
    .updateTable('users')
    .set({
      rating_avg: (eb) =>
        eb
          .selectFrom('ratings')
          .select(sql<number | null>`avg(rating)`.as('avg'))
          .whereRef('ratings.provider_id', '=', 'users.id'),
    })
    .where('role', '=', 'Provider');
  if (providerId !== undefined) update = update.where('id', '=', providerId);
  await update.execute();
}
