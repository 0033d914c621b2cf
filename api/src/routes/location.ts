import type { FastifyInstance } from 'fastify';
import { currentUser } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { send } from '../http/reply.js';
import { envelope, responses } from '../http/schemas.js';
import { claimsFor, createTokenMinter } from '../location/tokens.js';

export const EMBEDDED_IN_USE = 'No Firebase service account is configured: the embedded location server is in use.';
export const FIREBASE_IN_USE = 'Sign in to Firebase with this custom token before reading or writing locations.';

/**
 * POST /api/location/token: a token for the location database for the signed-in user (issue 10,
 * item 8). With FIREBASE_SERVICE_ACCOUNT it is a Firebase custom token (`mode: 'firebase'`, for
 * `signInWithCustomToken`); without, a token of the embedded server (`mode: 'embedded'`, for
 * `connectDatabaseEmulator`'s `mockUserToken`), and the message says so. Both carry the claims the
 * rules check: uid = user id, `role`, and `follows` (the providers of the customer's Accepted jobs
 * at the time of the call: the map asks for a new token when it opens).
 */
export default async function locationRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const minter = createTokenMinter(ctx.config);
  app.addHook('onClose', async () => {
    await minter.close();
  });

  app.post(
    '/api/location/token',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['location'],
        security: [{ bearerAuth: [] }],
        summary: "A token for the location database (Firebase custom token, or the embedded server's)",
        response: responses(
          {
            200: envelope({
              type: 'object',
              properties: {
                mode: { type: 'string', enum: ['embedded', 'firebase'] },
                token: { type: 'string' },
                uid: { type: 'string' },
                role: { type: 'string', enum: ['Customer', 'Provider'] },
                follows: { type: 'array', items: { type: 'integer' } },
                expires_at: { type: 'string' },
              },
            }),
          },
          [401, 503],
        ),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { claims, follows } = await claimsFor(ctx.db, user);
      const uid = String(user.id);
      let minted;
      try {
        minted = await minter.mint(uid, claims, ctx.clock.now());
      } catch (error) {
        request.log.error({ err: error }, 'location token could not be minted');
        throw new HttpError(503, 'The location service is not available right now.');
      }
      const { token, expiresAt } = minted;
      return send(
        reply,
        { mode: minter.mode, token, uid, role: user.role, follows, expires_at: expiresAt.toISOString() },
        minter.mode === 'embedded' ? EMBEDDED_IN_USE : FIREBASE_IN_USE,
      );
    },
  );
}
