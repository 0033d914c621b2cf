import type { Kysely } from 'kysely';
import type { ApiTokensTable, Database, NullableTimestamp } from './schema.js';

/**
 * The tables and columns of migration 0002 (session expiry, shared rate limits), kept beside
 * schema.ts: `withHardening(db)` is the same database typed with them.
 */
export interface ApiTokensWithUse extends ApiTokensTable {
  /** When the token was last seen (updated at most once a minute); null until first used. */
  last_used_at: NullableTimestamp;
}

/** One fixed-window counter per key (login and password-reset throttles), shared by every API instance. */
export interface RateLimitsTable {
  key: string;
  hits: number;
  /** End of the window, milliseconds since the epoch. */
  reset_at: number;
}

export type HardenedDatabase = Omit<Database, 'api_tokens'> & { api_tokens: ApiTokensWithUse; rate_limits: RateLimitsTable };

export function withHardening(db: Kysely<Database>): Kysely<HardenedDatabase> {
  return db;
}
