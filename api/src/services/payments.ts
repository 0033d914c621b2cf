import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import Stripe from 'stripe';
import type { Kysely } from 'kysely';
import type { Database, PaymentMethodRow, UserRow } from '../db/schema.js';
import type { Clock } from '../domain/clock.js';
import { DECLINE_MESSAGES, isExpired } from '../domain/card.js';
import { fieldError, HttpError } from '../http/errors.js';

/** The booking payment of spec section 9: 10.00 INR. */
export const BOOKING_FEE = { amountCents: 1000, currency: 'inr' } as const;

export interface SavedCard {
  processor: string;
  processorRef: string;
  brand: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
}

export interface ChargeInput {
  amountCents: number;
  currency: string;
  user: Pick<UserRow, 'id' | 'email' | 'payment_customer_ref'>;
  card: PaymentMethodRow;
  cvv: string;
  description: string;
  idempotencyKey: string;
}

export type ChargeResult = { ok: true; processorRef: string } | { ok: false; code: string; message: string };

export interface RefundInput {
  /** The processor's reference of the charge to give back. */
  chargeRef: string;
  amountCents: number;
  currency: string;
  idempotencyKey: string;
}

/** A charge as the processor knows it (to find charges our database never recorded: see jobSweeper). */
export interface ProcessorCharge {
  processorRef: string;
  idempotencyKey: string;
  amountCents: number;
  currency: string;
  createdAt: Date;
  /** The processor already refunded it in full. */
  refunded: boolean;
}

/**
 * Card processing adapter. `db` is where a processor that keeps state in our database (the sandbox's
 * vault) reads it: saveCard's is the caller's transaction; a charge is made outside any transaction, so
 * that no connection or lock is held while a processor answers.
 */
export interface PaymentGateway {
  readonly name: string;
  /** A customer at the processor to keep the user's cards under; null when the processor has none (the sandbox). */
  createCustomer(user: Pick<UserRow, 'id' | 'email'>): Promise<string | null>;
  /** Deletes a customer made for nothing (the user's other tab made theirs first); a failure is left alone. */
  removeCustomer(customerRef: string): Promise<void>;
  saveCard(token: string, user: Pick<UserRow, 'id' | 'email' | 'payment_customer_ref'>, db: Kysely<Database>): Promise<SavedCard>;
  /**
   * Charges the card. The processor's record of the charge is its own (outside our transaction), and
   * the same idempotency key never charges twice: a retry answers the first charge.
   */
  charge(input: ChargeInput, db: Kysely<Database>): Promise<ChargeResult>;
  /** Gives a charge back; the same idempotency key never refunds twice. Throws when the processor fails. */
  refund(input: RefundInput): Promise<{ processorRef: string }>;
  /** The charges the processor made since `since`, each with the idempotency key it was made with. */
  chargesSince(since: Date): Promise<ProcessorCharge[]>;
  removeCard(card: PaymentMethodRow): Promise<void>;
}

export const CHARGE_REFUNDED_MESSAGE = 'This booking attempt was interrupted and its payment refunded. Please book again.';

const INVALID_TOKEN = 'The card token is invalid or has already been used.';

interface LedgerRow {
  id: number;
  idempotency_key: string;
  kind: 'charge' | 'refund';
  processor_ref: string;
  charge_ref: string | null;
  amount_cents: number;
  currency: string;
  created_at: string;
  /** A digest of the charge request's parameters (null for entries from before it was kept, and refunds). */
  request_digest: string | null;
}

/**
 * A charge sent again with its idempotency key but other parameters (the booking's save failed after
 * its charge, and the retry chose another card): Stripe refuses those (an idempotency_error), and so does
 * the sandbox. Answered as a decline, which ends the attempt: the next Submit & Pay goes with a new key,
 * and the first charge, which booked nothing, is refunded by the orphan sweep.
 */
export const KEY_REUSED_MESSAGE =
  'An earlier Submit & Pay with other details was interrupted after its charge, which will be refunded. Press Submit & Pay again to book with these.';
const KEY_REUSED: ChargeResult = { ok: false, code: 'idempotency_key_reused', message: KEY_REUSED_MESSAGE };

const chargeRequestDigest = (input: ChargeInput): string =>
  createHash('sha256')
    .update(JSON.stringify([input.amountCents, input.currency, input.card.processor_ref, input.description]))
    .digest('hex');

/**
 * The sandbox processor's own books: every charge and refund it made, in its own SQLite file, so that
 * like a real processor it keeps them whatever happens to our database's transaction (a crash between
 * a charge and our commit leaves the charge here and nothing on our side).
 */
export class SandboxLedger {
  private readonly db: SQLite.Database;

  constructor(file: string) {
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
    this.db = new SQLite(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`create table if not exists ledger (
      id integer primary key autoincrement,
      idempotency_key text not null unique,
      kind text not null check (kind in ('charge', 'refund')),
      processor_ref text not null unique,
      charge_ref text,
      amount_cents integer not null,
      currency text not null,
      created_at text not null
    )`);
    const columns = this.db.prepare('pragma table_info(ledger)').all() as Array<{ name: string }>;
    if (!columns.some((column) => column.name === 'request_digest')) {
      this.db.exec('alter table ledger add column request_digest text');
    }
  }

  byKey(key: string): LedgerRow | undefined {
    return this.db.prepare('select * from ledger where idempotency_key = ?').get(key) as LedgerRow | undefined;
  }

  chargeByRef(processorRef: string): LedgerRow | undefined {
    return this.db.prepare(`select * from ledger where kind = 'charge' and processor_ref = ?`).get(processorRef) as
      LedgerRow | undefined;
  }

  /** Records the entry unless its key is already there; answers the entry of the key either way. */
  record(entry: Omit<LedgerRow, 'id'>): LedgerRow {
    this.db
      .prepare(
        `insert into ledger (idempotency_key, kind, processor_ref, charge_ref, amount_cents, currency, created_at, request_digest)
         values (@idempotency_key, @kind, @processor_ref, @charge_ref, @amount_cents, @currency, @created_at, @request_digest)
         on conflict (idempotency_key) do nothing`,
      )
      .run(entry);
    return this.byKey(entry.idempotency_key)!;
  }

  chargesSince(sinceIso: string): Array<LedgerRow & { refunded_cents: number }> {
    return this.db
      .prepare(
        `select c.*, coalesce((select sum(r.amount_cents) from ledger r where r.kind = 'refund' and r.charge_ref = c.processor_ref), 0)
           as refunded_cents
         from ledger c where c.kind = 'charge' and c.created_at >= ? order by c.id`,
      )
      .all(sinceIso) as Array<LedgerRow & { refunded_cents: number }>;
  }

  refundedCents(chargeRef: string): number {
    const row = this.db
      .prepare(`select coalesce(sum(amount_cents), 0) as total from ledger where kind = 'refund' and charge_ref = ?`)
      .get(chargeRef) as { total: number };
    return row.total;
  }

  all(): LedgerRow[] {
    return this.db.prepare('select * from ledger order by id').all() as LedgerRow[];
  }

  close(): void {
    this.db.close();
  }
}

export interface SandboxOptions {
  /** The ledger's file (SANDBOX_LEDGER_PATH). */
  ledgerPath: string;
  /** How long the processor takes to answer a charge or refund (SANDBOX_LATENCY_MS; default 0). */
  latencyMs?: number;
}

/**
 * The embedded sandbox card processor. Its vault (`sandbox_tokens`) keeps brand, last four, expiry
 * and the test behaviour of the number; never the number or the CVC. Its ledger (`SandboxLedger`)
 * keeps what it charged and refunded, by idempotency key.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox';
  readonly ledger: SandboxLedger;
  private readonly latencyMs: number;

  constructor(
    private readonly clock: Clock,
    options: SandboxOptions,
  ) {
    this.ledger = new SandboxLedger(options.ledgerPath);
    this.latencyMs = options.latencyMs ?? 0;
  }

  createCustomer(): Promise<null> {
    return Promise.resolve(null);
  }

  async removeCustomer(): Promise<void> {
    /* the sandbox keeps no customers */
  }

  async saveCard(token: string, _user: unknown, db: Kysely<Database>): Promise<SavedCard> {
    const now = this.clock.now().toISOString();
    const claimed = await db
      .updateTable('sandbox_tokens')
      .set({ attached_at: now })
      .where('id', '=', token)
      .where('attached_at', 'is', null)
      .returning(['id', 'brand', 'last4', 'exp_month', 'exp_year'])
      .executeTakeFirst();
    if (!claimed) throw fieldError('token', INVALID_TOKEN);
    return {
      processor: this.name,
      processorRef: claimed.id,
      brand: claimed.brand,
      last4: claimed.last4,
      expMonth: claimed.exp_month,
      expYear: claimed.exp_year,
    };
  }

  async charge(input: ChargeInput, db: Kysely<Database>): Promise<ChargeResult> {
    const earlier = this.ledger.byKey(input.idempotencyKey);
    const digest = chargeRequestDigest(input);
    if (earlier) {
      // A retry of a charge that was given back meanwhile (its booking was never saved): it books nothing.
      if (this.ledger.refundedCents(earlier.processor_ref) > 0) {
        return { ok: false, code: 'charge_refunded', message: CHARGE_REFUNDED_MESSAGE };
      }
      if (earlier.request_digest !== null && earlier.request_digest !== digest) return KEY_REUSED;
      return { ok: true, processorRef: earlier.processor_ref };
    }
    // Declined or charged, a processor takes its time to answer.
    const answer = await this.chargeCard(input, digest, db);
    await this.answerDelay();
    return answer;
  }

  private async chargeCard(input: ChargeInput, digest: string, db: Kysely<Database>): Promise<ChargeResult> {
    const vaulted = await db
      .selectFrom('sandbox_tokens')
      .select(['behavior', 'exp_month', 'exp_year'])
      .where('id', '=', input.card.processor_ref)
      .executeTakeFirst();
    if (!vaulted) return { ok: false, code: 'card_declined', message: DECLINE_MESSAGES.card_declined };
    if (isExpired(vaulted.exp_month, vaulted.exp_year, this.clock.now())) {
      return { ok: false, code: 'expired_card', message: DECLINE_MESSAGES.expired_card };
    }
    if (vaulted.behavior !== 'ok') {
      return { ok: false, code: vaulted.behavior, message: DECLINE_MESSAGES[vaulted.behavior] ?? DECLINE_MESSAGES.card_declined };
    }
    const charged = this.ledger.record({
      idempotency_key: input.idempotencyKey,
      kind: 'charge',
      processor_ref: `ch_${randomBytes(12).toString('hex')}`,
      charge_ref: null,
      amount_cents: input.amountCents,
      currency: input.currency,
      created_at: this.clock.now().toISOString(),
      request_digest: digest,
    });
    return { ok: true, processorRef: charged.processor_ref };
  }

  async refund(input: RefundInput): Promise<{ processorRef: string }> {
    const earlier = this.ledger.byKey(input.idempotencyKey);
    if (earlier) return { processorRef: earlier.processor_ref };
    const charge = this.ledger.chargeByRef(input.chargeRef);
    // A charge from before the sandbox kept books (demo data, databases older than migration 0003) is
    // refunded on our word; a charge it knows is never refunded beyond its amount.
    if (charge && this.ledger.refundedCents(input.chargeRef) + input.amountCents > charge.amount_cents) {
      throw new HttpError(502, 'The payment provider refused the refund: more than was charged.');
    }
    const refunded = this.ledger.record({
      idempotency_key: input.idempotencyKey,
      kind: 'refund',
      processor_ref: `re_${randomBytes(12).toString('hex')}`,
      charge_ref: input.chargeRef,
      amount_cents: input.amountCents,
      currency: input.currency,
      created_at: this.clock.now().toISOString(),
      request_digest: null,
    });
    await this.answerDelay();
    return { processorRef: refunded.processor_ref };
  }

  async chargesSince(since: Date): Promise<ProcessorCharge[]> {
    return this.ledger.chargesSince(since.toISOString()).map((row) => ({
      processorRef: row.processor_ref,
      idempotencyKey: row.idempotency_key,
      amountCents: row.amount_cents,
      currency: row.currency,
      createdAt: new Date(row.created_at),
      refunded: row.refunded_cents >= row.amount_cents,
    }));
  }

  private async answerDelay(): Promise<void> {
    if (this.latencyMs > 0) await delay(this.latencyMs);
  }

  async removeCard(): Promise<void> {
    /* tokens stay in the vault, already attached: they cannot be reused */
  }
}

const STRIPE_BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'MasterCard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** Stripe, when STRIPE_SECRET_KEY is set: the same operations through the official SDK. */
export class StripeGateway implements PaymentGateway {
  readonly name = 'stripe';
  private readonly stripe: Stripe;

  /** `api`: where Stripe's API is reached, when not api.stripe.com (the tests' stand-in). */
  constructor(secretKey: string, api?: { host: string; port: number; protocol: 'http' | 'https' }) {
    this.stripe = new Stripe(secretKey, { timeout: 20_000, maxNetworkRetries: 1, ...api });
  }

  async createCustomer(user: Pick<UserRow, 'id' | 'email'>): Promise<string> {
    try {
      return (await this.stripe.customers.create({ email: user.email, metadata: { user_id: String(user.id) } })).id;
    } catch (err) {
      throw this.mapError(err, 'token');
    }
  }

  async removeCustomer(customerRef: string): Promise<void> {
    try {
      await this.stripe.customers.del(customerRef);
    } catch {
      /* an empty customer left at Stripe holds nothing */
    }
  }

  async saveCard(token: string, user: Pick<UserRow, 'id' | 'email' | 'payment_customer_ref'>): Promise<SavedCard> {
    try {
      const pm = token.startsWith('pm_')
        ? await this.stripe.paymentMethods.retrieve(token)
        : await this.stripe.paymentMethods.create({ type: 'card', card: { token } });
      // The route made the user's customer first (createCustomer): the card is attached to the one charged.
      if (!user.payment_customer_ref) throw new Error('saveCard needs the user’s Stripe customer (createCustomer)');
      await this.stripe.paymentMethods.attach(pm.id, { customer: user.payment_customer_ref });
      return {
        processor: this.name,
        processorRef: pm.id,
        brand: STRIPE_BRANDS[pm.card?.brand ?? ''] ?? pm.card?.brand ?? 'Unknown',
        last4: pm.card?.last4 ?? '',
        expMonth: pm.card?.exp_month ?? null,
        expYear: pm.card?.exp_year ?? null,
      };
    } catch (err) {
      throw this.mapError(err, 'token');
    }
  }

  async charge(input: ChargeInput): Promise<ChargeResult> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          customer: input.user.payment_customer_ref ?? undefined,
          payment_method: input.card.processor_ref,
          confirm: true,
          off_session: true,
          description: input.description,
          metadata: { idempotency_key: input.idempotencyKey },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (intent.status === 'succeeded' || intent.status === 'processing') return { ok: true, processorRef: intent.id };
      return { ok: false, code: intent.status, message: DECLINE_MESSAGES.card_declined };
    } catch (err) {
      const e = err as { type?: string; code?: string; message?: string };
      if (e.type === 'StripeIdempotencyError') return KEY_REUSED;
      if (e.type === 'StripeCardError') {
        return { ok: false, code: e.code ?? 'card_declined', message: e.message ?? DECLINE_MESSAGES.card_declined };
      }
      throw this.mapError(err, 'payment_method_id');
    }
  }

  async refund(input: RefundInput): Promise<{ processorRef: string }> {
    try {
      const refund = await this.stripe.refunds.create(
        { payment_intent: input.chargeRef, amount: input.amountCents },
        { idempotencyKey: input.idempotencyKey },
      );
      return { processorRef: refund.id };
    } catch (err) {
      throw this.mapError(err, 'refund');
    }
  }

  async chargesSince(since: Date): Promise<ProcessorCharge[]> {
    const charges: ProcessorCharge[] = [];
    const created = { gte: Math.floor(since.getTime() / 1000) };
    for await (const intent of this.stripe.paymentIntents.list({ created, limit: 100, expand: ['data.latest_charge'] })) {
      const key = intent.metadata?.idempotency_key;
      if (intent.status !== 'succeeded' || !key) continue;
      const latest = intent.latest_charge;
      charges.push({
        processorRef: intent.id,
        idempotencyKey: key,
        amountCents: intent.amount,
        currency: intent.currency,
        createdAt: new Date(intent.created * 1000),
        refunded: typeof latest === 'object' && latest !== null ? latest.refunded : false,
      });
    }
    return charges;
  }

  async removeCard(card: PaymentMethodRow): Promise<void> {
    try {
      await this.stripe.paymentMethods.detach(card.processor_ref);
    } catch {
      /* already detached or unknown to Stripe: nothing left to remove */
    }
  }

  private mapError(err: unknown, field: string): HttpError {
    const e = err as { type?: string; message?: string };
    if (e.type === 'StripeCardError' || e.type === 'StripeInvalidRequestError')
      return fieldError(field, e.message ?? INVALID_TOKEN);
    return new HttpError(502, 'The payment provider is unavailable. Please try again.');
  }
}

export function createGateway(stripeSecretKey: string | null, clock: Clock, sandbox: SandboxOptions): PaymentGateway {
  return stripeSecretKey ? new StripeGateway(stripeSecretKey) : new SandboxGateway(clock, sandbox);
}
