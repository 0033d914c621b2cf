import type { Job } from 'shared/src/contracts/entities';
import type { AppContext } from '../context.js';
import type { Database, JobStatus } from '../db/schema.js';
import { checkTransition, type JobTransition } from '../domain/jobTransitions.js';
import type { Kysely } from 'kysely';
import { conflict } from '../http/errors.js';
import { getJob } from '../queries/jobs.js';
import { insertNotification, notificationEvent, type NewNotification } from '../queries/notifications.js';
import { emailReceipt, emailTransition } from './bookingEmails.js';
import type { RealtimeEvent } from './publisher.js';

/** The idempotency key of a booking's refund: one per job, whoever or whatever asks for it. */
export const refundKeyOf = (jobId: number) => `refund:job:${jobId}`;

const REFUND_NOTE = 'Your 10.00 INR booking payment has been refunded.';

/** The in-app notifications of a transition: to whom, from whom, saying what. */
function notificationsFor(job: Job, to: JobStatus): Array<NewNotification & { sender: 'customer' | 'provider' }> {
  const customer = job.customer.full_name;
  const provider = job.provider.full_name;
  const base = { title: 'Job', jobId: job.id };
  const toCustomer = (description: string) => ({
    ...base,
    userId: job.customer_id,
    senderId: job.provider_id,
    sender: 'provider' as const,
    description,
  });
  const toProvider = (description: string) => ({
    ...base,
    userId: job.provider_id,
    senderId: job.customer_id,
    sender: 'customer' as const,
    description,
  });
  switch (to) {
    case 'Accepted':
      return [toCustomer(`${provider} accepted your booking request.`)];
    case 'Rejected':
      return [toCustomer(`${provider} rejected your booking request. ${REFUND_NOTE}`)];
    case 'Pending':
      return [toCustomer(`${provider} moved your booking back to Waiting for Approval.`)];
    case 'Completed':
      return [toCustomer(`${provider} has finished your job. Please rate your ride.`)];
    case 'Approved':
      return [toCustomer(`${provider} approved your booking.`)];
    case 'Cancelled':
      return [toProvider(`${customer} cancelled their ${job.service_name} booking request.`)];
    case 'Expired':
      return [
        toCustomer(`Your ${job.service_name} booking request expired before ${provider} answered it. ${REFUND_NOTE}`),
        toProvider(`${customer}'s ${job.service_name} booking request expired before you answered it.`),
      ];
  }
}

/**
 * Moves a job along one transition of the state machine, with its effects: the status change, the
 * refund row when the transition gives the payment back, and the notifications, in one transaction
 * (conditional on the status the caller saw, so two concurrent changes cannot both apply); then the
 * live events, the refund through the payments adapter, and the e-mails. Answers the changed job.
 */
export async function moveJob(ctx: AppContext, before: Job, transition: JobTransition): Promise<Job> {
  const { db } = ctx;
  const now = ctx.clock.now().toISOString();
  const notes = notificationsFor(before, transition.to);
  const { refundId, live } = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('jobs')
      .set({ status: transition.to, updated_at: now })
      .where('id', '=', before.id)
      .where('status', '=', transition.from)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw await overtaken(trx, before.id, transition);

    let refundId: number | null = null;
    if (transition.payment === 'refund') {
      const charge = await trx
        .selectFrom('payments')
        .select(['id', 'user_id', 'amount_cents', 'currency', 'processor'])
        .where('job_id', '=', before.id)
        .executeTakeFirst();
      if (charge) {
        const refund = await trx
          .insertInto('refunds')
          .values({
            payment_id: charge.id,
            job_id: before.id,
            user_id: charge.user_id,
            amount_cents: charge.amount_cents,
            currency: charge.currency,
            processor: charge.processor,
            processor_ref: null,
            status: 'pending',
            idempotency_key: refundKeyOf(before.id),
            reason: transition.to,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        refundId = refund.id;
      }
    }

    const live: RealtimeEvent[] = [];
    for (const note of notes) {
      live.push(notificationEvent(await insertNotification(trx, note, now), note, senderOf(before, note.sender), now));
    }
    return { refundId, live };
  });

  const changed = (await getJob(db, before.id)) ?? { ...before, status: transition.to };
  ctx.publisher.publish([...live, ...jobEvents(changed)]);
  if (refundId !== null) await settleRefund(ctx, refundId);
  await emailTransition(ctx, changed, transition.to);
  return (await getJob(db, before.id)) ?? changed;
}

/**
 * The 409 of a change that lost a race (another tab, the other party or the expiry timer moved the job
 * after it was read): the same words a request arriving a moment later gets for the job as it is now.
 */
async function overtaken(db: Kysely<Database>, jobId: number, transition: JobTransition) {
  const now = await db.selectFrom('jobs').select('status').where('id', '=', jobId).executeTakeFirst();
  const check = now && transition.actor !== 'system' ? checkTransition(now.status, transition.to, transition.actor) : null;
  return conflict(check && !check.ok ? check.message : 'The job was changed by another request. Please reload.');
}

/** The sender of a notification as notificationEvent shows it (full name and avatar). */
function senderOf(job: Job, side: 'customer' | 'provider') {
  const person = side === 'customer' ? job.customer : job.provider;
  return { first_name: person.full_name, last_name: '', avatar: person.avatar };
}

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

/**
 * Carries out a pending refund through the payments adapter, with the refund's own idempotency key (a
 * retry after a crash or a processor error never refunds twice), and marks it succeeded. Answers false,
 * leaving it pending for the next sweep, when the processor fails.
 */
export async function settleRefund(ctx: AppContext, refundId: number): Promise<boolean> {
  const refund = await ctx.db
    .selectFrom('refunds')
    .innerJoin('payments', 'payments.id', 'refunds.payment_id')
    .select([
      'refunds.id',
      'refunds.status',
      'refunds.amount_cents',
      'refunds.currency',
      'refunds.idempotency_key',
      'refunds.job_id',
      'payments.processor_ref as charge_ref',
    ])
    .where('refunds.id', '=', refundId)
    .executeTakeFirst();
  if (!refund || refund.status === 'succeeded') return true;
  let processorRef: string;
  try {
    ({ processorRef } = await ctx.payments.refund({
      chargeRef: refund.charge_ref,
      amountCents: refund.amount_cents,
      currency: refund.currency,
      idempotencyKey: refund.idempotency_key,
    }));
  } catch (err) {
    ctx.log.warn({ err, refundId }, 'refund failed; it stays pending and is retried');
    return false;
  }
  const result = await ctx.db
    .updateTable('refunds')
    .set({ status: 'succeeded', processor_ref: processorRef, updated_at: ctx.clock.now().toISOString() })
    .where('id', '=', refund.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) {
    await emailReceipt(ctx, { kind: 'refund', id: refund.id });
    const job = await getJob(ctx.db, refund.job_id);
    if (job) ctx.publisher.publish(jobEvents(job));
  }
  return true;
}
