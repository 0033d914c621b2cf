import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { JobStatus } from '../db/schema.js';
import { currentUser, requireRole } from '../http/auth.js';
import { fieldError, forbidden, HttpError, notFound, paymentDeclined } from '../http/errors.js';
import { isUniqueViolation, lockOnPostgres, lockUser, type Database } from '../db/index.js';
import { requiredTextField } from '../http/fields.js';
import { send } from '../http/reply.js';
import {
  AUTH_ERRORS,
  envelope,
  idempotencyKeyHeader,
  idParams,
  jobSchema,
  listOf,
  nullable,
  paginationQuery,
  responses,
} from '../http/schemas.js';
import { checkTransition, JOB_STATUSES } from '../domain/jobTransitions.js';
import { getJob, JOB_SORTS, jobCursorFor, listJobsFor, type JobSort } from '../queries/jobs.js';
import { insertNotification, notificationEvent, type NewNotification } from '../queries/notifications.js';
import type { RealtimeEvent } from '../services/publisher.js';
import { BOOKING_FEE, type ChargeResult } from '../services/payments.js';
import { claimAttempt, dropAttempt, waitForAttempts, type AttemptSubject } from '../services/bookingAttempts.js';
import { emailNewRequest, emailReceipt } from '../services/bookingEmails.js';
import { jobEvents, moveJob } from '../services/jobLifecycle.js';
import { fullName } from '../serializers.js';
import { dayAndTimeIn, isTimeZone } from '../domain/timeZone.js';
import { bookingFingerprint, type BookingChoices } from '../domain/bookingFingerprint.js';
import { addressForComparison, sameBookingKey } from '../domain/sameBooking.js';
import {
  BOOKING_WHEN_MESSAGES,
  bookingWhenProblem,
  DATE_PATTERN,
  MONTH_PATTERN,
  TIME_PATTERN,
} from 'shared/src/bookings/bookingWhen';
import { formatPrice } from 'shared/src/price';

export { jobEvents };

const tags = ['jobs'];
const security = [{ bearerAuth: [] }];

const optionalText = (max = 50) => nullable('string', { maxLength: max });

interface NewJobBody extends BookingChoices {
  status?: 'Pending';
  cvv: string;
  time_zone?: string | null;
  expected_price?: number | null;
  book_again?: boolean;
}

/** A card that is not (or no longer) saved: removed in another tab or on another device, most likely. */
export const CARD_GONE = 'This card is no longer saved. Please choose another card.';

/** The provider does not (or no longer) offer the service: the booking modal says 'This driver does not offer this service any more.' */
export const SERVICE_NOT_OFFERED = 'The selected provider does not offer this service.';

/** The provider has no price (basic_price): a booking would be charged nothing and read $0. */
export const PROVIDER_WITHOUT_PRICE = 'This driver has not set a price yet, so they cannot be booked.';

/**
 * The driver's price is not the one the customer saw (changed while the form was open): 409, nothing booked
 * or charged. The customer is told the new price, and books at it by sending it as expected_price.
 */
export const priceChangedMessage = (price: number) =>
  `This driver's price has changed to ${formatPrice(price)}. Submit & Pay again to book at the new price.`;

const TIME_ZONE_MESSAGE = 'The time zone must be a time zone name such as Asia/Kolkata.';
/** How far the customer's clock (or the request's way) may be behind the server's when a time of today is checked. */
const BOOKING_CLOCK_LEEWAY_MS = 5 * 60_000;

/**
 * The booking key was sent before with other choices (a Submit & Pay whose answer was lost, then edited
 * and sent again): that first booking was made and paid, so nothing more is booked or charged.
 */
export const BOOKED_WITH_OTHER_DETAILS =
  'Your earlier Submit & Pay went through with the details sent then. See it in Active Bookings before booking again.';

/**
 * The customer has this booking open already (the same driver, service, time and addresses, Pending or
 * Accepted): a second tab's form, or one left open, sent again. Nothing is booked or charged unless
 * they send it with book_again.
 */
export const alreadyBookedMessage = (providerName: string) =>
  `You have already booked ${providerName} for this time and these addresses: see it in Active Bookings. Submit & Pay again to book a second one.`;

class AlreadyBooked extends HttpError {
  constructor(providerName: string) {
    const message = alreadyBookedMessage(providerName);
    super(409, message, { book_again: [message] });
  }
}

/** The customer's open booking (Pending or Accepted) with the same driver, service, time and addresses, if any. */
async function sameOpenBooking(trx: Transaction<Database>, customerId: number, body: NewJobBody) {
  let query = trx
    .selectFrom('jobs')
    .select(['id', 'address', 'destination_address'])
    .where('customer_id', '=', customerId)
    .where('provider_id', '=', body.provider_id)
    .where('service_id', '=', body.service_id)
    .where('status', 'in', ['Pending', 'Accepted']);
  for (const column of ['day', 'date', 'time', 'custom_time'] as const) {
    const value = body[column] ?? null;
    query = value === null ? query.where(column, 'is', null) : query.where(column, '=', value);
  }
  const from = addressForComparison(body.address);
  const to = addressForComparison(body.destination_address);
  // A customer has few open bookings with one driver at one time: the addresses are compared here.
  const open = await query.execute();
  return open.find((job) => addressForComparison(job.address) === from && addressForComparison(job.destination_address) === to);
}

/**
 * The same booking, or the same key, is still being paid for after a wait as long as a charge may take (an
 * API that stopped half-way leaves its attempt until it lapses): nothing is booked or charged.
 */
export const STILL_BEING_PAID = 'An earlier Submit & Pay of this booking is still being processed. Please try again in a minute.';
const MAX_BOOKING_TURNS = 3;

export default async function jobsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;

  /** A job of the caller's, as its customer or its provider (404 when there is none, 403 when it is someone else's). */
  async function ownJob(userId: number, id: number) {
    const job = await getJob(db, id);
    if (!job) throw notFound('Job not found.');
    if (job.customer_id !== userId && job.provider_id !== userId) throw forbidden('This job is not yours.');
    return job;
  }

  /**
   * The booking a charge key already paid for, if any; refused (409) when it was made with other choices
   * than the ones sent now, which would otherwise be answered as booked without being so.
   */
  async function bookingWithKey(chargeKey: string, fingerprint: string) {
    const earlier = await db
      .selectFrom('payments')
      .select(['job_id', 'booking_fingerprint'])
      .where('idempotency_key', '=', chargeKey)
      .executeTakeFirst();
    if (!earlier) return null;
    if (earlier.booking_fingerprint !== null && earlier.booking_fingerprint !== fingerprint) {
      throw new HttpError(409, BOOKED_WITH_OTHER_DETAILS, { idempotency_key: [BOOKED_WITH_OTHER_DETAILS] });
    }
    return getJob(db, earlier.job_id);
  }

  app.get<{ Querystring: { page: number; per_page: number; status?: string; sort: JobSort; starting_after?: number } }>(
    '/api/jobs',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "The caller's own jobs (as customer or as provider), newest first, one page at a time",
        querystring: {
          type: 'object',
          properties: {
            ...paginationQuery,
            status: {
              type: 'string',
              pattern: STATUS_LIST_PATTERN,
              description: 'Only jobs in this status, or in any of several separated by commas (Pending,Accepted)',
              'x-messages': { pattern: STATUS_LIST_MESSAGE },
            },
            sort: {
              type: 'string',
              enum: [...JOB_SORTS],
              default: 'created',
              description:
                'Newest first by creation (created) or by last change (updated: a finished booking by when it finished)',
              'x-messages': { enum: `The sort must be one of: ${JOB_SORTS.join(', ')}.` },
            },
            starting_after: {
              type: 'integer',
              minimum: 1,
              description:
                "One of the caller's jobs: the page starts after it in the list's order (the next page however the list changed since; `page` counts on from it)",
              'x-messages': { type: STARTING_AFTER_MESSAGE, minimum: STARTING_AFTER_MESSAGE },
            },
          },
        },
        response: responses({ 200: envelope(listOf(jobSchema), true) }, [400, 401]),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { sort, starting_after: startingAfter } = request.query;
      const after = startingAfter === undefined ? undefined : await jobCursorFor(db, user, startingAfter, sort);
      if (after === null) throw fieldError('starting_after', STARTING_AFTER_MESSAGE);
      const page = await listJobsFor(db, user, {
        page: request.query.page,
        perPage: request.query.per_page,
        statuses: parseStatusList(request.query.status),
        sort,
        after,
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
    async (request, reply) => send(reply, await ownJob(currentUser(request).id, request.params.id)),
  );

  app.post<{ Body: NewJobBody; Headers: { 'idempotency-key'?: string } }>(
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
            address: requiredTextField(255, 'The address field is required.'),
            destination_address: requiredTextField(255, 'The destination address field is required.'),
            day: nullable('string', { pattern: MONTH_PATTERN, 'x-messages': { pattern: BOOKING_WHEN_MESSAGES.dayFormat } }),
            date: nullable('string', { pattern: DATE_PATTERN, 'x-messages': { pattern: BOOKING_WHEN_MESSAGES.dateFormat } }),
            time: nullable('string', { pattern: TIME_PATTERN, 'x-messages': { pattern: BOOKING_WHEN_MESSAGES.timeFormat } }),
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
            book_again: {
              type: 'boolean',
              description:
                'Book it although the same booking (driver, service, time, addresses) is open: else 409, nothing booked',
            },
            expected_price: nullable('number', {
              minimum: 0,
              description: "The driver's price as the customer saw it: when the price is another now, 409 and nothing is booked",
            }),
            time_zone: nullable('string', {
              maxLength: 64,
              description: "The customer's time zone (IANA name): the receipts write their times in it",
              'x-messages': { maxLength: TIME_ZONE_MESSAGE, type: TIME_ZONE_MESSAGE },
            }),
          },
        },
        headers: {
          type: 'object',
          properties: {
            // The same key books and charges once.
            'idempotency-key': idempotencyKeyHeader,
          },
        },
        response: responses({ 200: envelope(jobSchema), 201: envelope(jobSchema) }, [...AUTH_ERRORS, 402, 409]),
      },
    },
    async (request, reply) => {
      const customer = requireRole(request, 'Customer');
      const body = request.body;
      // The charge's key: the client's (a retry after a lost answer books nothing twice) or a fresh one.
      // A retry is answered before anything else is checked: the day may have turned since it booked.
      const clientKey = request.headers['idempotency-key'];
      const chargeKey = `charge:${customer.id}:${clientKey ?? randomUUID()}`;
      const fingerprint = bookingFingerprint(body);
      if (clientKey) {
        const job = await bookingWithKey(chargeKey, fingerprint);
        if (job) return send(reply, job, 'Booking created successfully', 200);
      }
      const timeZone = body.time_zone?.trim() || null;
      if (timeZone && !isTimeZone(timeZone)) throw fieldError('time_zone', TIME_ZONE_MESSAGE);
      // In the customer's time zone, a few minutes back (the form checked the minute it was sent in);
      // without one, their day may be the day before the server's (UTC) date: bookingWhen.ts.
      const asked = ctx.clock.now().getTime();
      const customerNow = timeZone ? dayAndTimeIn(timeZone, new Date(asked - BOOKING_CLOCK_LEEWAY_MS)) : null;
      const when = customerNow
        ? bookingWhenProblem(body, customerNow.day, customerNow.time)
        : bookingWhenProblem(body, new Date(asked - 24 * 60 * 60 * 1000).toISOString().slice(0, 10));
      if (when) throw fieldError(when.field, when.message);
      const [provider, service, offered, card] = await Promise.all([
        db.selectFrom('users').selectAll().where('id', '=', body.provider_id).executeTakeFirst(),
        db.selectFrom('services').select(['id', 'name']).where('id', '=', body.service_id).executeTakeFirst(),
        db
          .selectFrom('user_services')
          .select('id')
          .where('user_id', '=', body.provider_id)
          .where('service_id', '=', body.service_id)
          .executeTakeFirst(),
        db.selectFrom('payment_methods').selectAll().where('id', '=', body.payment_method_id).executeTakeFirst(),
      ]);
      if (!provider || provider.role !== 'Provider') throw fieldError('provider_id', 'The selected provider is invalid.');
      if (!service) throw fieldError('service_id', 'The selected service is invalid.');
      if (!offered) throw fieldError('service_id', SERVICE_NOT_OFFERED);
      const priceCents = provider.basic_price_cents;
      if (priceCents === null) throw fieldError('provider_id', PROVIDER_WITHOUT_PRICE);
      const expected = body.expected_price;
      if (expected !== undefined && expected !== null && Math.round(expected * 100) !== priceCents) {
        const message = priceChangedMessage(priceCents / 100);
        throw new HttpError(409, message, { expected_price: [message] });
      }
      if (!card) throw fieldError('payment_method_id', CARD_GONE);
      if (card.user_id !== customer.id) throw forbidden('This payment card is not yours.');

      const attempt: AttemptSubject = {
        customerId: customer.id,
        idempotencyKey: chargeKey,
        sameBookingKey: sameBookingKey(body),
        waitsForSameBooking: !body.book_again,
      };
      // 1. The customer's turn, briefly: the checks, and the attempt recorded. The processor is not called
      // here: a transaction open while it answers would hold up, on SQLite, every other request.
      let attemptId: number | undefined;
      for (let turn = 0; attemptId === undefined; turn++) {
        if (turn > 0 && clientKey) {
          // The same key was being paid for: answered with its booking when that one went through.
          const job = await bookingWithKey(chargeKey, fingerprint);
          if (job) return send(reply, job, 'Booking created successfully', 200);
        }
        let claimed: number | 'busy';
        try {
          claimed = await db.transaction().execute(async (trx) => {
            // One customer's bookings take turns (on PostgreSQL; SQLite runs one transaction at a time), so two
            // tabs sending the same booking at once cannot both find it neither booked nor being paid for.
            await lockUser(trx, ctx.dialect, customer.id);
            if (!body.book_again && (await sameOpenBooking(trx, customer.id, body))) {
              throw new AlreadyBooked(fullName(provider.first_name, provider.last_name));
            }
            // The provider may have withdrawn the service (Delete on All Services), or the customer removed the
            // card (another tab), since they were read: a withdrawal or removal that came first refuses the
            // booking before anything is charged; one that comes later does not undo it.
            const offeredStill = trx
              .selectFrom('user_services')
              .select('id')
              .where('user_id', '=', provider.id)
              .where('service_id', '=', service.id);
            if (!(await offeredStill.executeTakeFirst())) throw fieldError('service_id', SERVICE_NOT_OFFERED);
            const cardStill = trx.selectFrom('payment_methods').select('id').where('id', '=', card.id);
            if (!(await cardStill.executeTakeFirst())) throw fieldError('payment_method_id', CARD_GONE);
            return claimAttempt(trx, attempt, ctx.clock.now());
          });
        } catch (err) {
          // The same key sent again after its booking went through (a retry while the first was on its way).
          const earlier = clientKey && err instanceof AlreadyBooked ? await bookingWithKey(chargeKey, fingerprint) : null;
          if (earlier) return send(reply, earlier, 'Booking created successfully', 200);
          throw err;
        }
        if (claimed !== 'busy') attemptId = claimed;
        else if (turn >= MAX_BOOKING_TURNS) throw new HttpError(409, STILL_BEING_PAID);
        // The same booking or key is being paid for (a double click, a second tab): its outcome decides this one.
        else await waitForAttempts(db, attempt, () => ctx.clock.now());
      }
      const endAttempt = (id: number) =>
        dropAttempt(db, id).catch((err: unknown) => request.log.warn({ err }, 'a booking attempt was left; it lapses'));

      // 2. The charge, outside any transaction.
      let charge: ChargeResult;
      try {
        charge = await ctx.payments.charge(
          {
            amountCents: BOOKING_FEE.amountCents,
            currency: BOOKING_FEE.currency,
            user: customer,
            card,
            cvv: body.cvv,
            // Not the job's id: a retry after a booking that failed to be stored once charged books another
            // job, and a processor refuses a key sent again with other parameters (Stripe's idempotency_error).
            description: `Booking: ${service.name}`,
            idempotencyKey: chargeKey,
          },
          db,
        );
      } catch (err) {
        await endAttempt(attemptId);
        throw err;
      }
      if (!charge.ok) {
        await endAttempt(attemptId);
        throw paymentDeclined(charge.message);
      }

      // 3. The booking stored: the job, its payment and the provider's notification, and the attempt ended, at once.
      // A failure here leaves a charge with no booking: the orphan sweep refunds it (jobSweeper.ts).
      const now = ctx.clock.now().toISOString();
      const paidAttempt = attemptId;
      let created: { jobId: number; paymentId: number; notificationLive: RealtimeEvent };
      try {
        created = await db.transaction().execute(async (trx) => {
          // In the customer's turn: another tab's check of its same booking sees this attempt or this job.
          await lockUser(trx, ctx.dialect, customer.id);
          // A card removed while it was charged leaves the payment without it (as a later removal does); on
          // PostgreSQL a removal now waits for this transaction.
          const cardStill = trx.selectFrom('payment_methods').select('id').where('id', '=', card.id);
          const cardSaved = await lockOnPostgres(cardStill, ctx.dialect, 'share').executeTakeFirst();
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
              price_cents: priceCents,
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
          const payment = await trx
            .insertInto('payments')
            .values({
              job_id: job.id,
              user_id: customer.id,
              payment_method_id: cardSaved ? card.id : null,
              card_brand: card.card_brand,
              card_last4: card.card_last4,
              amount_cents: BOOKING_FEE.amountCents,
              currency: BOOKING_FEE.currency,
              processor: ctx.payments.name,
              processor_ref: charge.processorRef,
              status: 'succeeded',
              time_zone: timeZone,
              idempotency_key: chargeKey,
              booking_fingerprint: fingerprint,
              created_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const notification: NewNotification = {
            userId: provider.id,
            senderId: customer.id,
            title: 'Job',
            description: `${fullName(customer.first_name, customer.last_name)} has requested a ${service.name} booking.`,
            jobId: job.id,
          };
          const notificationId = await insertNotification(trx, notification, now);
          await trx.deleteFrom('booking_attempts').where('id', '=', paidAttempt).execute();
          return {
            jobId: job.id,
            paymentId: payment.id,
            notificationLive: notificationEvent(notificationId, notification, customer, now),
          };
        });
      } catch (err) {
        await endAttempt(paidAttempt);
        // The same key's booking stored meanwhile (an attempt that outlived its horizon): that booking answers.
        const earlier = clientKey && isUniqueViolation(err) ? await bookingWithKey(chargeKey, fingerprint) : null;
        if (earlier) return send(reply, earlier, 'Booking created successfully', 200);
        throw err;
      }
      const job = await getJob(db, created.jobId);
      if (!job) throw new HttpError(500, 'Server Error');
      ctx.publisher.publish([created.notificationLive, ...jobEvents(job)]);
      await Promise.all([emailNewRequest(ctx, job), emailReceipt(ctx, { kind: 'charge', id: created.paymentId })]);
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
          "Change a job's status. Its provider: Pending→Accepted|Rejected (a rejection refunds the booking payment), Accepted→Pending|Completed. Its customer: Pending→Cancelled (refunded; an Accepted booking answers 409). Anything else 409. Answers the caller's updated job list.",
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
      const job = await ownJob(user.id, request.params.id);
      const actor = job.provider_id === user.id ? 'provider' : 'customer';
      const to = request.body.status;
      const check = checkTransition(job.status, to, actor);
      if (!check.ok) throw new HttpError(check.status, check.message);

      await moveJob(ctx, job, check.transition);
      const page = await listJobsFor(db, user, { page: 1, perPage: 50 });
      return send(reply, page.jobs, STATUS_MESSAGES[to], 200, {
        meta: { page: page.page, per_page: page.per_page, has_more: page.has_more },
      });
    },
  );
}

const STATUS_ALTERNATIVES = JOB_STATUSES.join('|');
const STARTING_AFTER_MESSAGE = 'The starting_after must be the id of one of your jobs.';

/** One status, or several separated by commas. */
const STATUS_LIST_PATTERN = `^(${STATUS_ALTERNATIVES})(,(${STATUS_ALTERNATIVES}))*$`;
const STATUS_LIST_MESSAGE = `The status must be one or more of ${JOB_STATUSES.join(', ')}, separated by commas.`;

/** The statuses of a validated `status` query, each once (none: every status). */
function parseStatusList(value: string | undefined): JobStatus[] | undefined {
  return value === undefined ? undefined : [...new Set(value.split(',') as JobStatus[])];
}

/** The answer's message per new status. */
const STATUS_MESSAGES: Record<JobStatus, string> = {
  Pending: 'Job moved back to Waiting for Approval',
  Accepted: 'Job accepted successfully',
  Rejected: 'Job rejected successfully',
  Completed: 'Job completed successfully',
  Approved: 'Job approved successfully',
  Cancelled: 'Booking cancelled successfully',
  Expired: 'Job expired',
};
