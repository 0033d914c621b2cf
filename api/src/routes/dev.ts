import type { FastifyInstance } from 'fastify';
import { send } from '../http/reply.js';
import { envelope, listOf, responses } from '../http/schemas.js';
import { toIso } from '../serializers.js';

/** Development helpers, never registered when NODE_ENV=production. */
export default async function devRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { to?: string; limit: number } }>(
    '/api/dev/mail',
    {
      schema: {
        tags: ['development'],
        summary: 'The mail outbox (development only), newest first; `to` filters one address',
        querystring: {
          type: 'object',
          properties: {
            to: { type: 'string', maxLength: 255 },
            limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
          },
        },
        response: responses(
          {
            200: envelope(
              listOf({
                type: 'object',
                properties: {
                  to: { type: 'string' },
                  subject: { type: 'string' },
                  text: { type: 'string' },
                  created_at: { type: 'string' },
                },
              }),
            ),
          },
          [400],
        ),
      },
    },
    async (request, reply) => {
      let query = app.ctx.db
        .selectFrom('mail_outbox')
        .select(['to_address', 'subject', 'text', 'created_at'])
        .orderBy('id', 'desc')
        .limit(request.query.limit);
      if (request.query.to) query = query.where('to_address', '=', request.query.to.trim().toLowerCase());
      const rows = await query.execute();
      return send(
        reply,
        rows.map((r) => ({ to: r.to_address, subject: r.subject, text: r.text, created_at: toIso(r.created_at) })),
      );
    },
  );
}
