import type { AppContext } from '../context.js';
import { findTransition } from '../domain/jobTransitions.js';
import { HttpError } from '../http/errors.js';
import { getJob } from '../queries/jobs.js';
import { moveJob, settleRefund } from './jobLifecycle.js';
import { dropStaleAttempts } from './bookingAttempts.js';

export interface SweepReport {
  /** Pending requests past their deadline, now Expired (and refunded). */
  expired: number;
  /** Refunds left pending (a crash after the status change, or a processor error) now carried out. */
  refundsSettled: number;
  /** Processor charges with no booking on our side (a crash between charge and commit), given back. */
  orphanChargesRefunded: number;
  /** Sandbox card tokens nobody saved within the hour, deleted (a processor's tokens expire too). */
  unusedCardTokensDeleted: number;
  /** Bookings being paid for that an API left half-way (its charge, if any, is an orphan refunded above). */
  staleBookingAttemptsDropped: number;
}

const EXPIRE_BATCH = 200;
/** How far back the processor's charges are compared with ours. */
const ORPHAN_LOOKBACK_MS = 7 * 24 * 60 * 60 * 1000;
/** How long a sandbox card token waits to be saved as a card. */
export const UNUSED_CARD_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * One pass of the lifecycle timer. Everything it does is keyed so that a pass that runs twice, or on
 * two API instances at once, or after the API was down past a deadline, does each thing exactly once:
 * expiry is a conditional status change, and refunds go to the processor with one idempotency key each.
 */
export async function sweepJobs(ctx: AppContext): Promise<SweepReport> {
  const report: SweepReport = {
    expired: 0,
    refundsSettled: 0,
    orphanChargesRefunded: 0,
    unusedCardTokensDeleted: 0,
    staleBookingAttemptsDropped: 0,
  };
  const now = ctx.clock.now();

  const expire = findTransition('Pending', 'Expired')!;
  const deadline = new Date(now.getTime() - ctx.config.requestExpiryMs).toISOString();
  for (;;) {
    const overdue = await ctx.db
      .selectFrom('jobs')
      .select('id')
      .where('status', '=', 'Pending')
      // Counted from when the job last became Pending (its updated_at: only status changes touch it), so
      // that a request moved back to Waiting for Approval gets the whole answer time again instead of
      // expiring at once. Pending jobs are few (each expires within the answer time): the status prefix of
      // jobs_status_created_idx finds them.
      .where('updated_at', '<=', deadline)
      .orderBy('id')
      .limit(EXPIRE_BATCH)
      .execute();
    let moved = 0;
    for (const { id } of overdue) {
      const job = await getJob(ctx.db, id);
      if (!job || job.status !== 'Pending') continue;
      try {
        await moveJob(ctx, job, expire);
        moved++;
      } catch (err) {
        // Answered or expired by someone else in the meantime: nothing left to do for it.
        if (!(err instanceof HttpError && err.statusCode === 409)) throw err;
      }
    }
    report.expired += moved;
    if (overdue.length < EXPIRE_BATCH || moved === 0) break;
  }

  const pending = await ctx.db.selectFrom('refunds').select('id').where('status', '=', 'pending').orderBy('id').execute();
  for (const { id } of pending) if (await settleRefund(ctx, id)) report.refundsSettled++;

  report.orphanChargesRefunded = await refundOrphanCharges(ctx, now);

  const deleted = await ctx.db
    .deleteFrom('sandbox_tokens')
    .where('attached_at', 'is', null)
    .where('created_at', '<', new Date(now.getTime() - UNUSED_CARD_TOKEN_TTL_MS).toISOString())
    .executeTakeFirst();
  report.unusedCardTokensDeleted = Number(deleted.numDeletedRows);
  report.staleBookingAttemptsDropped = await dropStaleAttempts(ctx.db, now);
  return report;
}

/**
 * A charge the processor made whose booking never reached our database (the API died between the
 * charge and the commit; the customer got no answer) is refunded, once its grace period has passed so
 * that a booking still in flight is never mistaken for one.
 */
async function refundOrphanCharges(ctx: AppContext, now: Date): Promise<number> {
  const settledBefore = now.getTime() - ctx.config.orphanChargeGraceMs;
  const charges = (await ctx.payments.chargesSince(new Date(now.getTime() - ORPHAN_LOOKBACK_MS))).filter(
    (c) => !c.refunded && c.createdAt.getTime() <= settledBefore,
  );
  if (charges.length === 0) return 0;
  const known = new Set<string>();
  for (let i = 0; i < charges.length; i += 500) {
    const keys = charges.slice(i, i + 500).map((c) => c.idempotencyKey);
    const rows = await ctx.db.selectFrom('payments').select('idempotency_key').where('idempotency_key', 'in', keys).execute();
    for (const row of rows) if (row.idempotency_key) known.add(row.idempotency_key);
  }
  let refunded = 0;
  for (const charge of charges) {
    if (known.has(charge.idempotencyKey)) continue;
    try {
      await ctx.payments.refund({
        chargeRef: charge.processorRef,
        amountCents: charge.amountCents,
        currency: charge.currency,
        idempotencyKey: `refund:orphan:${charge.idempotencyKey}`,
      });
      refunded++;
      ctx.log.warn({ charge: charge.processorRef }, 'refunded a charge that has no booking (interrupted booking)');
    } catch (err) {
      ctx.log.error({ err, charge: charge.processorRef }, 'could not refund a charge that has no booking; retried next pass');
    }
  }
  return refunded;
}

/**
 * Runs sweepJobs now (catching up on whatever came due while the API was down; `runNow: false` when the
 * caller already did) and then every `intervalMs`, never two passes at once.
 */
export function startJobSweeper(ctx: AppContext, intervalMs: number, options = { runNow: true }): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const pass = () => {
    if (running) return;
    running = sweepJobs(ctx)
      .then((report) => {
        if (report.expired || report.refundsSettled || report.orphanChargesRefunded) ctx.log.info(report, 'job sweep');
      })
      .catch((err: unknown) => ctx.log.error({ err }, 'job sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  if (options.runNow) pass();
  const timer = setInterval(pass, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
