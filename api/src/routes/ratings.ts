import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import type { Review } from 'shared/src/contracts/entities';
import { currentUser } from '../http/auth.js';
import { conflict, fieldError, forbidden } from '../http/errors.js';
import { send } from '../http/reply.js';
import { AUTH_ERRORS, envelope, listOf, responses, reviewSchema } from '../http/schemas.js';
import { isUniqueViolation } from '../db/index.js';
import { fullName, toIso } from '../serializers.js';
import { getJob } from '../queries/jobs.js';
import { refreshProviderRating } from '../queries/ratings.js';
import { jobEvents } from '../services/jobLifecycle.js';

const tags = ['ratings'];
const security = [{ bearerAuth: [] }];

interface RatingBody {
  job_id: number;
  rating: number;
  feedback?: string;
}

const ratingSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    job_id: { type: 'integer' },
    rating: { type: 'integer' },
    feedback: { type: 'string' },
    created_at: { type: 'string' },
  },
};

export default async function ratingsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;

  const options: RouteShorthandOptions = {
    onRequest: app.authenticate,
    schema: {
      tags,
      security,
      summary: 'Rate a job: its customer only, once, after it is Completed',
      body: {
        type: 'object',
        required: ['job_id', 'rating'],
        properties: {
          job_id: { type: 'integer', minimum: 1 },
          rating: {
            type: 'integer',
            minimum: 1,
            maximum: 5,
            'x-messages': {
              required: 'Please choose a rating.',
              minimum: 'The rating must be between 1 and 5.',
              maximum: 'The rating must be between 1 and 5.',
              type: 'The rating must be between 1 and 5.',
            },
          },
          feedback: { type: 'string', maxLength: 2000 },
        },
      },
      response: responses({ 201: envelope(ratingSchema) }, [...AUTH_ERRORS, 409]),
    },
  };

  const handler = async (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
    const user = currentUser(request);
    const body = request.body as RatingBody;
    const job = await db
      .selectFrom('jobs')
      .select(['id', 'status', 'customer_id', 'provider_id'])
      .where('id', '=', body.job_id)
      .executeTakeFirst();
    if (!job) throw fieldError('job_id', 'The selected job is invalid.');
    if (job.customer_id !== user.id) throw forbidden("Only the job's customer can rate it.");
    if (job.status !== 'Completed') throw conflict('A job can be rated once it is Completed.');
    try {
      const row = await db.transaction().execute(async (trx) => {
        const stored = await trx
          .insertInto('ratings')
          .values({
            job_id: job.id,
            customer_id: user.id,
            provider_id: job.provider_id,
            rating: body.rating,
            feedback: (body.feedback ?? '').trim(),
            created_at: ctx.clock.now().toISOString(),
          })
          .returning(['id', 'job_id', 'rating', 'feedback', 'created_at'])
          .executeTakeFirstOrThrow();
        await refreshProviderRating(trx, job.provider_id);
        return stored;
      });
      // Every open screen of the booking, on both sides (another tab with the rating form too), shows it rated.
      const rated = await getJob(db, job.id);
      if (rated) ctx.publisher.publish(jobEvents(rated));
      return send(reply, { ...row, created_at: toIso(row.created_at) }, 'Thank you for your feedback', 201);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('This job has already been rated.');
      throw err;
    }
  };

  // The spec names POST /ratings, which the shared client calls; /api/ratings, beside every other path, is the same route.
  app.post('/ratings', options, handler);
  app.post('/api/ratings', options, handler);

  app.get<{ Querystring: { provider_id?: number; limit: number } }>(
    '/api/getReview',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "Recent reviews with the customer's name and avatar; provider_id filters one provider",
        querystring: {
          type: 'object',
          properties: {
            provider_id: { type: 'integer', minimum: 1 },
            limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
          },
        },
        response: responses({ 200: envelope(listOf(reviewSchema)) }, [400, 401]),
      },
    },
    async (request, reply) => {
      currentUser(request);
      let query = db
        .selectFrom('ratings as r')
        .innerJoin('users as c', 'c.id', 'r.customer_id')
        .select([
          'r.id',
          'r.job_id',
          'r.provider_id',
          'r.rating',
          'r.feedback',
          'r.created_at',
          'c.first_name',
          'c.last_name',
          'c.avatar',
        ])
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(request.query.limit);
      if (request.query.provider_id) query = query.where('r.provider_id', '=', request.query.provider_id);
      const rows = await query.execute();
      const reviews: Review[] = rows.map((r) => ({
        id: r.id,
        job_id: r.job_id,
        provider_id: r.provider_id,
        rating: r.rating,
        feedback: r.feedback,
        customer: { full_name: fullName(r.first_name, r.last_name), avatar: r.avatar },
        created_at: toIso(r.created_at),
      }));
      return send(reply, reviews);
    },
  );
}
