import type { FastifyInstance } from 'fastify';
import { currentUser } from '../http/auth.js';
import { requiredTextField } from '../http/fields.js';
import { send } from '../http/reply.js';
import { envelope, responses } from '../http/schemas.js';

export default async function contactRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.post<{ Body: { title: string; message: string } }>(
    '/api/storeContactUs',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['contact'],
        security: [{ bearerAuth: [] }],
        summary: 'Send a message to the operators (listed with `npm run contacts -w api`)',
        body: {
          type: 'object',
          required: ['title', 'message'],
          properties: {
            title: requiredTextField(200, 'Required'),
            message: requiredTextField(5000, 'Required'),
          },
        },
        response: responses({ 201: envelope({ type: 'null' }) }, [400, 401]),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await ctx.db
        .insertInto('contact_messages')
        .values({
          user_id: user.id,
          title: request.body.title.trim(),
          message: request.body.message.trim(),
          created_at: ctx.clock.now().toISOString(),
        })
        .execute();
      return send(reply, null, 'Successfully send', 201);
    },
  );
}
