import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { replyDatabaseUnreachable } from '../http/errors.js';
import { send } from '../http/reply.js';
import { envelope, responses } from '../http/schemas.js';

/** How long /api/health waits for the database before it answers 503. */
export const HEALTH_DEADLINE_MS = 2000;

/** Resolves when `work` does; rejects after `ms` if it has not (`work` goes on, its outcome ignored). */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  work.catch(() => undefined);
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Whether the API can answer: the browser app asks this after calls went unanswered, to learn when the
 * API is back (shared/src/api/reachability.ts), and a load balancer can ask it too. No sign-in; it reads
 * nothing but the database's answer to `select 1`, and answers 503 when that takes longer than
 * HEALTH_DEADLINE_MS: a database that does not answer makes no health check wait for it.
 */
export default async function healthRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Whether the API and its database answer',
        response: responses({ 200: envelope({ type: 'null' }) }, [503]),
      },
    },
    async (_request, reply) => {
      try {
        await within(sql`select 1`.execute(ctx.db), HEALTH_DEADLINE_MS);
      } catch (error) {
        app.log.error({ err: error }, 'health: the database did not answer');
        return replyDatabaseUnreachable(reply);
      }
      return send(reply, null, 'OK');
    },
  );
}
