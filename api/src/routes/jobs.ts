import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { JobStatus } from '../db/schema.js';
import { currentUser, requireRole } from '../http/auth.js';
import { conflict, fieldError, forbidden, HttpError, notFound, paymentDeclined } from '../http/errors.js';
import { send } from '../http/reply.js';
import { AUTH_ERRORS, envelope, idParams, jobSchema, listOf, nullable, paginationQuery, responses } from '../http/schemas.js';
import { canTransition, JOB_STATUSES, transitionRefusal } from '../domain/jobTransitions.js';
import { getJob, listJobsFor } from '../queries/jobs.js';
import { insertNotification, notificationEvent, type NewNotification } from '../queries/notifications.js';
import type { RealtimeEvent } from '../services/publisher.js';
import { BOOKING_FEE } from '../services/payments.js';
import { fullName } from '../serializers.js';
import type { Job } from 'shared/src/contracts/entities';

const tags = ['jobs'];
const security = [{ bearerAuth: [] }];

const requiredText = (field: string, max = 255) => ({
  type: 'string',
  minLength: 1,
  maxLength: max,
  'x-messages': { required: `The ${field} field is required.`, minLength: `The ${field} field is required.` },
});
const optionalText = (max = 50) => nullable('string', { maxLength: max });

interface NewJobBody {
  service_id: number;
  status?: 'Pending';
  provider_id: number;
  address: string;
  destination_address: string;
  day?: string | null;
  date?: string | null;
  time?: string | null;
  custom_time?: string | null;
  lat?: number | null;
  lng?: number | null;
  destination_lat?: number | null;
  destination_lng?: number | null;
  payment_method_id: number;
  cvv: string;
}

/** Thrown inside the booking transaction so that a declined payment rolls everything back. */
class DeclinedPayment extends Error {}

const STATUS_NOTE: Record<JobStatus, string> = {
  Accepted: 'accepted your booking request.',
  Rejected: 'rejected your booking request.',
  Pending: 'moved your booking back to Waiting for Approval.',
  Completed: 'has finished your job. Please rate your ride.',
  Approved: 'approved your booking.',
};

/**
 * The live 'Job' event of a job just created or moved, to both of its parties (every open tab of
 * either side updates its lists and details without a reload). The payload is the job as GET
 * /api/jobs/{id} answers it.
 */
export function jobEvents(job: Job): RealtimeEvent[] {
  return [
    { userId: job.customer_id, event: 'Job', data: job },
    { userId: job.provider_id, event: 'Job', data: job },
  ];
}

export default async function jobsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;

  app.get<{ Querystring: { page: number; per_page: number; status?: JobStatus } }>(
    '/api/jobs',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "The caller's own jobs (as customer or as provider), newest first, one page at a time",
        querystring: {
          type: 'object',
          properties: { ...paginationQuery, status: { type: 'string', enum: [...JOB_STATUSES] } },
        },
        response: responses({ 200: envelope(listOf(jobSchema), true) }, [400, 401]),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const page = await listJobsFor(db, user, {
        page: request.query.page,
        perPage: request.query.per_page,
        status: request.query.status,
      });
      return send(reply, page.jobs, 'Success', 200, {
        meta: { page: page.page, per_page: page.per_page, has_more: page.has_more },
      });
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/jobs/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "One of the caller's jobs",
        params: idParams,
        response: responses({ 200: envelope(jobSchema) }, AUTH_ERRORS),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const job = await getJob(db, request.params.id);
      if (!job) throw notFound('Job not found.');
      if (job.customer_id !== user.id && job.provider_id !== user.id) throw forbidden('This job is not yours.');
      return send(reply, job);
    },
  );

  app.post<{ Body: NewJobBody }>(
    '/api/jobs',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          'Book a provider: charges the booking payment (10.00 INR) to a saved card and creates the job, in one transaction',
        body: {
          type: 'object',
          required: ['service_id', 'provider_id', 'address', 'destination_address', 'payment_method_id', 'cvv'],
          properties: {
            service_id: { type: 'integer', minimum: 1 },
            status: { type: 'string', enum: ['Pending'], 'x-messages': { enum: 'A new booking is always Pending.' } },
            provider_id: { type: 'integer', minimum: 1 },
            address: requiredText('address'),
            destination_address: requiredText('destination address'),
            day: optionalText(),
            date: optionalText(),
            time: optionalText(),
            custom_time: optionalText(100),
            lat: nullable('number', { minimum: -90, maximum: 90 }),
            lng: nullable('number', { minimum: -180, maximum: 180 }),
            destination_lat: nullable('number', { minimum: -90, maximum: 90 }),
            destination_lng: nullable('number', { minimum: -180, maximum: 180 }),
            payment_method_id: { type: 'integer', minimum: 1, 'x-messages': { required: 'Please choose a payment card.' } },
            cvv: {
              type: 'string',
              pattern: '^[0-9]{3,4}$',
              'x-messages': { required: 'cvv date is required', pattern: 'The cvv must be 3 or 4 digits.' },
            },
          },
        },
        response: responses({ 201: envelope(jobSchema) }, [...AUTH_ERRORS, 402]),
      },
    },
    async (request, reply) => {
      const customer = requireRole(request, 'Customer');
      const body = request.body;
      const [provider, service, card] = await Promise.all([
        db.selectFrom('users').selectAll().where('id', '=', body.provider_id).executeTakeFirst(),
        db.selectFrom('services').select(['id', 'name']).where('id', '=', body.service_id).executeTakeFirst(),
        db.selectFrom('payment_methods').selectAll().where('id', '=', body.payment_method_id).executeTakeFirst(),
      ]);
      if (!provider || provider.role !== 'Provider') throw fieldError('provider_id', 'The selected provider is invalid.');
      if (!service) throw fieldError('service_id', 'The selected service is invalid.');
      if (!card) throw fieldError('payment_method_id', 'The selected payment card is invalid.');
      if (card.user_id !== customer.id) throw forbidden('This payment card is not yours.');

      const now = ctx.clock.now().toISOString();
      let declined: string | null = null;
      let created: { jobId: number; notificationLive: RealtimeEvent };
      try {
        created = await db.transaction().execute(async (trx) => {
          const job = await trx
            .insertInto('jobs')
            .values({
              customer_id: customer.id,
              provider_id: provider.id,
              service_id: service.id,
              status: 'Pending',
              address: body.address.trim(),
              destination_address: body.destination_address.trim(),
              lat: body.lat ?? null,
              lng: body.lng ?? null,
              destination_lat: body.destination_lat ?? null,
              destination_lng: body.destination_lng ?? null,
              price_cents: provider.basic_price_cents ?? 0,
              duration: null,
              day: body.day ?? null,
              date: body.date ?? null,
              time: body.time ?? null,
              custom_time: body.custom_time ?? null,
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const charge = await ctx.payments.charge(
            {
              amountCents: BOOKING_FEE.amountCents,
              currency: BOOKING_FEE.currency,
              user: customer,
              card,
              cvv: body.cvv,
              description: `Booking #${job.id}: ${service.name}`,
              idempotencyKey: randomUUID(),
            },
            trx,
          );
          if (!charge.ok) {
            declined = charge.message;
            throw new DeclinedPayment(charge.message);
          }
          await trx
            .insertInto('payments')
            .values({
              job_id: job.id,
              user_id: customer.id,
              payment_method_id: card.id,
              amount_cents: BOOKING_FEE.amountCents,
              currency: BOOKING_FEE.currency,
              processor: ctx.payments.name,
              processor_ref: charge.processorRef,
              status: 'succeeded',
              created_at: now,
            })
            .execute();
          const notification: NewNotification = {
            userId: provider.id,
            senderId: customer.id,
            title: 'Job',
            description: `${fullName(customer.first_name, customer.last_name)} has requested a ${service.name} booking.`,
            jobId: job.id,
          };
          const notificationId = await insertNotification(trx, notification, now);
          return { jobId: job.id, notificationLive: notificationEvent(notificationId, notification, customer, now) };
        });
      } catch (err) {
        if (err instanceof DeclinedPayment) throw paymentDeclined(declined ?? err.message);
        throw err;
      }
      const job = await getJob(db, created.jobId);
      if (!job) throw new HttpError(500, 'Server Error');
      ctx.publisher.publish([created.notificationLive, ...jobEvents(job)]);
      return send(reply, job, 'Booking created successfully', 201);
    },
  );

  app.patch<{ Params: { id: number }; Body: { status: JobStatus } }>(
    '/api/jobs/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          "Change a job's status (its provider only): Pending→Accepted|Rejected, Accepted→Pending|Completed; anything else 409. Answers the provider's updated job list.",
        params: idParams,
        body: {
          type: 'object',
          required: ['status'],
          properties: {
            status: {
              type: 'string',
              enum: [...JOB_STATUSES],
              'x-messages': { enum: `The status must be one of: ${JOB_STATUSES.join(', ')}.` },
            },
          },
        },
        response: responses({ 200: envelope(listOf(jobSchema), true) }, [...AUTH_ERRORS, 409]),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const job = await db
        .selectFrom('jobs')
        .select(['id', 'status', 'customer_id', 'provider_id'])
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!job) throw notFound('Job not found.');
      if (job.provider_id !== user.id) throw forbidden("Only the job's provider can change its status.");
      const to = request.body.status;
      if (!canTransition(job.status, to)) throw conflict(transitionRefusal(job.status, to));

      const now = ctx.clock.now().toISOString();
      const notificationLive = await db.transaction().execute(async (trx) => {
        // Conditional on the status we checked, so two concurrent changes cannot both apply.
        const result = await trx
          .updateTable('jobs')
          .set({ status: to, updated_at: now })
          .where('id', '=', job.id)
          .where('status', '=', job.status)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) throw conflict('The job was changed by another request. Please reload.');
        const notification: NewNotification = {
          userId: job.customer_id,
          senderId: user.id,
          title: 'Job',
          description: `${fullName(user.first_name, user.last_name)} ${STATUS_NOTE[to]}`,
          jobId: job.id,
        };
        return notificationEvent(await insertNotification(trx, notification, now), notification, user, now);
      });
      const changed = await getJob(db, job.id);
      ctx.publisher.publish(changed ? [notificationLive, ...jobEvents(changed)] : [notificationLive]);
      const page = await listJobsFor(db, user, { page: 1, perPage: 50 });
      const message = to === 'Pending' ? 'Job moved back to Waiting for Approval' : `Job ${to.toLowerCase()} successfully`;
      return send(reply, page.jobs, message, 200, {
        meta: { page: page.page, per_page: page.per_page, has_more: page.has_more },
      });
    },
  );
}
