import { randomBytes } from 'node:crypto';
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
  /** A processor customer created for the user on the way, to be remembered on the user. */
  customerRef?: string;
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

/**
 * Card processing adapter. `db` is the executor of the caller's transaction, so a processor that
 * keeps its state in our database (the sandbox) takes part in it.
 */
export interface PaymentGateway {
  readonly name: string;
  saveCard(token: string, user: Pick<UserRow, 'id' | 'email' | 'payment_customer_ref'>, db: Kysely<Database>): Promise<SavedCard>;
  charge(input: ChargeInput, db: Kysely<Database>): Promise<ChargeResult>;
  removeCard(card: PaymentMethodRow): Promise<void>;
}

const INVALID_TOKEN = 'The card token is invalid or has already been used.';

/**
 * The embedded sandbox card processor. Its vault (`sandbox_tokens`) keeps brand, last four, expiry
 * and the test behaviour of the number; never the number or the CVC.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox';
  constructor(private readonly clock: Clock) {}

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
    return { ok: true, processorRef: `ch_${randomBytes(12).toString('hex')}` };
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

  constructor(secretKey: string) {
    this.stripe = new Stripe(secretKey, { timeout: 20_000, maxNetworkRetries: 1 });
  }

  async saveCard(token: string, user: Pick<UserRow, 'id' | 'email' | 'payment_customer_ref'>): Promise<SavedCard> {
    try {
      const pm = token.startsWith('pm_')
        ? await this.stripe.paymentMethods.retrieve(token)
        : await this.stripe.paymentMethods.create({ type: 'card', card: { token } });
      const customerRef =
        user.payment_customer_ref ??
        (await this.stripe.customers.create({ email: user.email, metadata: { user_id: String(user.id) } })).id;
      await this.stripe.paymentMethods.attach(pm.id, { customer: customerRef });
      return {
        processor: this.name,
        processorRef: pm.id,
        brand: STRIPE_BRANDS[pm.card?.brand ?? ''] ?? pm.card?.brand ?? 'Unknown',
        last4: pm.card?.last4 ?? '',
        expMonth: pm.card?.exp_month ?? null,
        expYear: pm.card?.exp_year ?? null,
        customerRef,
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
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (intent.status === 'succeeded' || intent.status === 'processing') return { ok: true, processorRef: intent.id };
      return { ok: false, code: intent.status, message: DECLINE_MESSAGES.card_declined };
    } catch (err) {
      const e = err as { type?: string; code?: string; message?: string };
      if (e.type === 'StripeCardError') {
        return { ok: false, code: e.code ?? 'card_declined', message: e.message ?? DECLINE_MESSAGES.card_declined };
      }
      throw this.mapError(err, 'payment_method_id');
    }
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

export function createGateway(stripeSecretKey: string | null, clock: Clock): PaymentGateway {
  return stripeSecretKey ? new StripeGateway(stripeSecretKey) : new SandboxGateway(clock);
}
