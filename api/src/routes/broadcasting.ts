import type { FastifyInstance } from 'fastify';
import { currentUser } from '../http/auth.js';
import { forbidden } from '../http/errors.js';
import { responses } from '../http/schemas.js';
import { userChannel } from '../services/publisher.js';

/**
 * Signs private-channel subscriptions for pusher-js (its default authorizer posts a form with
 * socket_id and channel_name). A user may only listen on their own channel, private-message.{id}.
 */
export default async function broadcastingRoutes(app: FastifyInstance) {
  app.post<{ Body: { socket_id: string; channel_name: string } }>(
    '/broadcasting/auth',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['chat'],
        security: [{ bearerAuth: [] }],
        summary: "Authorise a subscription to the caller's own private channel (answers { auth } for pusher-js)",
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: {
          type: 'object',
          required: ['socket_id', 'channel_name'],
          properties: {
            socket_id: {
              type: 'string',
              pattern: '^[0-9]+\\.[0-9]+$',
              maxLength: 64,
              'x-messages': { pattern: 'The socket id is invalid.' },
            },
            channel_name: { type: 'string', minLength: 1, maxLength: 200 },
          },
        },
        response: responses({ 200: { type: 'object', properties: { auth: { type: 'string' } } } }, [400, 401, 403]),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (request.body.channel_name !== userChannel(user.id)) throw forbidden('You may only subscribe to your own channel.');
      return reply.send(app.ctx.publisher.authorizeChannel(request.body.socket_id, request.body.channel_name));
    },
  );
}
