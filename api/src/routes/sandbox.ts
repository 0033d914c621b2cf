import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { checkCard } from '../domain/card.js';
import { badRequest, tooManyRequests } from '../http/errors.js';
import { nameField } from '../http/fields.js';
import { responses } from '../http/schemas.js';

interface TokenBody {
  card_name: string;
  card_number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

/**
 * The embedded sandbox card provider (docs/architecture.md, 'The back end'): tokenises a card the way
 * a processor's checkout does. It checks Luhn, expiry and CVC, and keeps only brand, last four and expiry.
 * The answer is the processor's own shape (no envelope): { id: 'tok_...', card: { brand, last4 } }.
 * Test numbers: 4242424242424242 succeeds; 4000000000000002 tokenises, then every charge is declined.
 */
export default async function sandboxRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.post<{ Body: TokenBody }>(
    '/sandbox/v1/tokens',
    {
      schema: {
        tags: ['sandbox card provider'],
        summary: 'Tokenise a card (sandbox processor)',
        body: {
          type: 'object',
          required: ['card_name', 'card_number', 'exp_month', 'exp_year', 'cvc'],
          properties: {
            card_name: nameField,
            card_number: {
              type: 'string',
              minLength: 1,
              maxLength: 23,
              pattern: '^[0-9 -]+$',
              'x-messages': {
                required: 'Required',
                minLength: 'Required',
                pattern: 'Your card number is incorrect.',
                maxLength: 'Must be 16 Digit',
              },
            },
            exp_month: {
              type: 'integer',
              'x-messages': { required: 'Expiry date is required', type: "Your card's expiration month is invalid." },
            },
            exp_year: {
              type: 'integer',
              'x-messages': { required: 'Expiry date is required', type: "Your card's expiration year is invalid." },
            },
            cvc: { type: 'string', maxLength: 4, 'x-messages': { required: 'cvv date is required' } },
          },
        },
        response: responses(
          {
            200: {
              type: 'object',
              properties: {
                id: { type: 'string' },
                object: { type: 'string' },
                card: {
                  type: 'object',
                  properties: {
                    brand: { type: 'string' },
                    last4: { type: 'string' },
                    exp_month: { type: 'integer' },
                    exp_year: { type: 'integer' },
                  },
                },
                created: { type: 'integer' },
              },
            },
          },
          [400, 429],
        ),
      },
    },
    async (request, reply) => {
      const wait = await ctx.sandboxTokenThrottle.attempt(request.ip);
      if (wait > 0) throw tooManyRequests(`Too many cards tried. Please try again in ${wait} seconds.`, wait);
      const now = ctx.clock.now();
      const result = checkCard(request.body, now);
      if ('errors' in result) {
        const first = Object.values(result.errors)[0][0];
        throw badRequest(first, result.errors);
      }
      const { card } = result;
      const id = `tok_${randomBytes(12).toString('hex')}`;
      await ctx.db
        .insertInto('sandbox_tokens')
        .values({
          id,
          brand: card.brand,
          last4: card.last4,
          exp_month: card.exp_month,
          exp_year: card.exp_year,
          behavior: card.behavior,
          attached_at: null,
          created_at: now.toISOString(),
        })
        .execute();
      return reply.send({
        id,
        object: 'token',
        card: { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year },
        created: Math.floor(now.getTime() / 1000),
      });
    },
  );
}
