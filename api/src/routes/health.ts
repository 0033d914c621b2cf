import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { send } from '../http/reply.js';
import { envelope, responses } from '../http/schemas.js';

/**
 * Whether the API can answer: the browser app asks this after calls went unanswered, to learn when the
 * API is back (shared/src/api/reachability.ts), and a load balancer can ask it too. No sign-in; it reads
 * nothing but the database's answer to `select 1`.
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
        await sql`select 1`.execute(ctx.db);
      } catch (error) {
        app.log.error({ err: error }, 'health: the database did not answer');
        return reply.status(503).send({ message: 'The database is not reachable.' });
      }
      return send(reply, null, 'OK');
    },
  );
}
