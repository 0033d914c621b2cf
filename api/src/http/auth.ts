import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database, UserRow } from '../db/schema.js';
import { precompile } from '../db/precompiled.js';
import { hashToken } from '../domain/tokens.js';
import { forbidden, unauthorized } from './errors.js';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/** The user of a token (by its hash); compiled once, as every authenticated request runs it. */
const userByTokenHash = precompile<Database, [tokenHash: string], UserRow>(1, (db, tokenHash) =>
  db.selectFrom('api_tokens').innerJoin('users', 'users.id', 'api_tokens.user_id').selectAll('users').where('api_tokens.token_hash', '=', tokenHash),
);

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('authUser', null);
  app.decorateRequest('tokenHash', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token || token.length > 200) throw unauthorized();
    const tokenHash = hashToken(token);
    const [user] = await userByTokenHash(app.ctx.db, tokenHash);
    if (!user) throw unauthorized();
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
