import { setTimeout as delay } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * A booking being paid for. The card is charged outside any database transaction (a processor may take
 * seconds, and on SQLite a transaction holds the one connection every request uses); meanwhile a row of
 * booking_attempts stands for the booking, so that the same booking, or the same Idempotency-Key, sent
 * again waits for this one to be stored or declined instead of being charged a second time.
 */

/**
 * Longer than a charge may take (Stripe: a 20 s time limit, one retry): an attempt older than this was
 * left by an API that stopped half-way (its charge, if any, is refunded by the orphan sweep) and no
 * longer holds anything up.
 */
export const ATTEMPT_HORIZON_MS = 60_000;
const POLL_MS = 50;

export interface AttemptSubject {
  customerId: number;
  idempotencyKey: string;
  /** domain/sameBooking.ts. */
  sameBookingKey: string;
  /** False when the same booking is made again on purpose (book_again): only the same key is waited for. */
  waitsForSameBooking: boolean;
}

function attemptsOf(db: Kysely<Database>, subject: AttemptSubject, freshSince: string) {
  return db
    .selectFrom('booking_attempts')
    .select('id')
    .where('customer_id', '=', subject.customerId)
    .where('created_at', '>=', freshSince)
    .where((eb) =>
      !subject.waitsForSameBooking
        ? eb('idempotency_key', '=', subject.idempotencyKey)
        : eb.or([eb('idempotency_key', '=', subject.idempotencyKey), eb('same_booking_key', '=', subject.sameBookingKey)]),
    );
}

const freshSince = (now: Date) => new Date(now.getTime() - ATTEMPT_HORIZON_MS).toISOString();

/**
 * Inside the transaction that holds the customer's turn (lockUser): records the attempt and answers its
 * id, or 'busy' when the same booking or key is being paid for already. Drops the customer's stale attempts.
 */
export async function claimAttempt(trx: Kysely<Database>, subject: AttemptSubject, now: Date): Promise<number | 'busy'> {
  const since = freshSince(now);
  await trx
    .deleteFrom('booking_attempts')
    .where('customer_id', '=', subject.customerId)
    .where('created_at', '<', since)
    .execute();
  if (await attemptsOf(trx, subject, since).executeTakeFirst()) return 'busy';
  const row = await trx
    .insertInto('booking_attempts')
    .values({
      customer_id: subject.customerId,
      idempotency_key: subject.idempotencyKey,
      same_booking_key: subject.sameBookingKey,
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Waits (at most the horizon, by the wall clock) until no attempt of the same booking or key is in flight. */
export async function waitForAttempts(db: Kysely<Database>, subject: AttemptSubject, now: () => Date): Promise<void> {
  const giveUpAt = performance.now() + ATTEMPT_HORIZON_MS;
  while (performance.now() < giveUpAt) {
    if (!(await attemptsOf(db, subject, freshSince(now())).executeTakeFirst())) return;
    await delay(POLL_MS);
  }
}

/** The attempt ended without a booking (declined, or the processor failed). */
export async function dropAttempt(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('booking_attempts').where('id', '=', id).execute();
}

/** Attempts left by an API that stopped half-way (the lifecycle sweep). */
export async function dropStaleAttempts(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom('booking_attempts').where('created_at', '<', freshSince(now)).executeTakeFirst();
  return Number(result.numDeletedRows);
}
