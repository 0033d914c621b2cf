import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema.js';
import { withHardening, type HardenedDatabase } from '../db/hardeningSchema.js';
import { precompile } from '../db/precompiled.js';
import { hashToken, SESSION_EXPIRED, sessionExpiresAt, shouldRecordUse } from '../domain/tokens.js';
import { forbidden, unauthorized } from './errors.js';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

type UserWithToken = UserRow & { token_id: number; token_created_at: Date | string; token_last_used_at: Date | string | null };

/** The user of a token (by its hash) and the token's times; compiled once, as every authenticated request runs it. */
const userByTokenHash = precompile<HardenedDatabase, [tokenHash: string], UserWithToken>(1, (db, tokenHash) =>
  db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .selectAll('users')
    .select([
      'api_tokens.id as token_id',
      'api_tokens.created_at as token_created_at',
      'api_tokens.last_used_at as token_last_used_at',
    ])
    .where('api_tokens.token_hash', '=', tokenHash),
);

/**
 * `app.authenticate`: a valid bearer token or 401. A token is valid until it is revoked (logout, a
 * password reset), its absolute lifetime ends or it went unused for the idle timeout
 * (config.sessionLifetimeMs, config.sessionIdleMs); an expired token is deleted when seen.
 */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('authUser', null);
  app.decorateRequest('tokenHash', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token || token.length > 200) throw unauthorized();
    const { ctx } = app;
    const db = withHardening(ctx.db);
    const tokenHash = hashToken(token);
    const [row] = await userByTokenHash(db, tokenHash);
    if (!row) throw unauthorized();
    const { token_id: tokenId, token_created_at: createdAt, token_last_used_at: lastUsedAt, ...user } = row;
    const policy = { lifetimeMs: ctx.config.sessionLifetimeMs, idleMs: ctx.config.sessionIdleMs };
    const now = ctx.clock.now().getTime();
    if (now >= sessionExpiresAt({ created_at: createdAt, last_used_at: lastUsedAt }, policy)) {
      await db.deleteFrom('api_tokens').where('id', '=', tokenId).execute();
      throw unauthorized(SESSION_EXPIRED);
    }
    if (shouldRecordUse(lastUsedAt, createdAt, now, policy)) {
      await db
        .updateTable('api_tokens')
        .set({ last_used_at: new Date(now).toISOString() })
        .where('id', '=', tokenId)
        .execute();
    }
    request.authUser = user;
    request.tokenHash = tokenHash;
  });
}

/** The signed-in user of a route that ran `authenticate`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.authUser) throw unauthorized();
  return request.authUser;
}

export function requireRole(request: FastifyRequest, role: UserRow['role']): UserRow {
  const user = currentUser(request);
  if (user.role !== role) throw forbidden(`Only a ${role} can do this.`);
  return user;
}
