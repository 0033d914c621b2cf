import type { Job } from 'shared/src/contracts/entities';
import type { AppContext } from '../context.js';
import type { JobStatus } from '../db/schema.js';
import { bookingTemplates, type BookingFacts, type Email } from '../emails/bookingTemplates.js';
import { toIso } from '../serializers.js';
// The app's own rule (the time written from its digits, no time zone): the e-mail says what the screens say.
import { formatRequestedTime } from 'shared/src/format';

import { readableTime } from '../domain/timeZone.js';

/**
 * Sends the booking e-mails through the mailer (outbox by default; SMTP when configured, in the
 * background), to users who have not turned them off on Edit Profile. A mail that cannot be sent is
 * logged and never undoes, fails or holds up the booking change it reports.
 */
async function deliver(ctx: AppContext, userId: number, email: Email): Promise<void> {
  try {
    const user = await ctx.db
      .selectFrom('users')
      .select(['email', 'email_notifications'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user || Number(user.email_notifications) === 0) return;
    await ctx.mailer.notify({ to: user.email, ...email });
  } catch (err) {
    ctx.log.error({ err, userId, subject: email.subject }, 'booking e-mail not sent');
  }
}

function factsOf(ctx: AppContext, job: Job): BookingFacts {
  return {
    jobId: job.id,
    service: job.service_name,
    customer: job.customer.full_name,
    provider: job.provider.full_name,
    address: job.address,
    destination: job.destination_address,
    requested: formatRequestedTime(job),
    appUrl: ctx.config.appUrl,
  };
}

/** To the provider: a new booking request. */
export async function emailNewRequest(ctx: AppContext, job: Job): Promise<void> {
  await deliver(ctx, job.provider_id, bookingTemplates.newRequest(factsOf(ctx, job)));
}

/** The e-mail of a status change, to the party it concerns (none for the provider's own toggle back to Pending). */
export async function emailTransition(ctx: AppContext, job: Job, to: JobStatus): Promise<void> {
  const facts = factsOf(ctx, job);
  switch (to) {
    case 'Accepted':
      return deliver(ctx, job.customer_id, bookingTemplates.accepted(facts));
    case 'Rejected':
      return deliver(ctx, job.customer_id, bookingTemplates.rejected(facts));
    case 'Expired':
      return deliver(ctx, job.customer_id, bookingTemplates.expired(facts));
    case 'Completed':
      return deliver(ctx, job.customer_id, bookingTemplates.completed(facts));
    case 'Cancelled':
      return deliver(ctx, job.provider_id, bookingTemplates.cancelled(facts));
    default:
      return;
  }
}

const rupees = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

/** To the customer: the receipt of a booking charge or of its refund. */
export async function emailReceipt(ctx: AppContext, entry: { kind: 'charge' | 'refund'; id: number }): Promise<void> {
  const payment =
    entry.kind === 'charge'
      ? await ctx.db
          .selectFrom('payments')
          .select(['payments.user_id', 'payments.job_id', 'payments.amount_cents', 'payments.currency', 'payments.processor_ref'])
          .select(['payments.created_at', 'payments.card_brand', 'payments.card_last4', 'payments.time_zone'])
          .where('payments.id', '=', entry.id)
          .executeTakeFirst()
      : await ctx.db
          .selectFrom('refunds')
          .innerJoin('payments', 'payments.id', 'refunds.payment_id')
          .select(['refunds.user_id', 'refunds.job_id', 'refunds.amount_cents', 'refunds.currency'])
          .select(['refunds.processor_ref', 'refunds.updated_at as created_at', 'payments.card_brand', 'payments.card_last4'])
          .select('payments.time_zone')
          .where('refunds.id', '=', entry.id)
          .executeTakeFirst();
  if (!payment) return;
  const job = await ctx.db
    .selectFrom('jobs')
    .innerJoin('services', 'services.id', 'jobs.service_id')
    .select(['services.name', 'jobs.day', 'jobs.date', 'jobs.time', 'jobs.custom_time'])
    .where('jobs.id', '=', payment.job_id)
    .executeTakeFirst();
  await deliver(
    ctx,
    payment.user_id,
    bookingTemplates.receipt({
      kind: entry.kind,
      jobId: payment.job_id,
      service: job?.name ?? 'booking',
      amount: rupees(payment.amount_cents, payment.currency),
      card: payment.card_brand && payment.card_last4 ? `${payment.card_brand} •••• ${payment.card_last4}` : 'your card',
      // In the customer's time zone when they paid (the booking sends it), else UTC.
      date: readableTime(toIso(payment.created_at), payment.time_zone ?? null),
      reference: payment.processor_ref ?? '',
      requested: job ? formatRequestedTime(job) : null,
      appUrl: ctx.config.appUrl,
    }),
  );
}
