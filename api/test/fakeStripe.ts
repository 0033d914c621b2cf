/**
 * A stand-in for api.stripe.com for the API tests (no network here): the few endpoints StripeGateway calls,
 * answered as Stripe documents them (form-encoded requests, JSON answers, errors as { error: { type, code,
 * message } } with 402 for a card error, Idempotency-Key replays and idempotency_error on other parameters),
 * with Stripe's own test tokens: tok_visa (4242), tok_mastercard (4444), tok_chargeDeclined (declined when
 * charged). Everything it is asked is recorded; `latencyMs` delays every answer, as the real service takes
 * its time.
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

interface Card {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  declines: boolean;
}

const TEST_TOKENS: Record<string, Card> = {
  tok_visa: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, declines: false },
  tok_mastercard: { brand: 'mastercard', last4: '4444', exp_month: 12, exp_year: 2034, declines: false },
  tok_chargeDeclined: { brand: 'visa', last4: '0002', exp_month: 12, exp_year: 2034, declines: true },
};

interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  customer: string | null;
  card: Omit<Card, 'declines'>;
  declines: boolean;
}

export interface StripeCall {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string | undefined;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

export class FakeStripe {
  readonly calls: StripeCall[] = [];
  readonly customers = new Map<string, { id: string; email: string }>();
  readonly paymentMethods = new Map<string, PaymentMethod>();
  readonly intents = new Map<
    string,
    {
      id: string;
      amount: number;
      currency: string;
      status: string;
      created: number;
      metadata: Record<string, string>;
      refunded: number;
    }
  >();
  readonly refunds: Array<{ id: string; payment_intent: string; amount: number }> = [];
  latencyMs = 0;
  /** Stripe's clock, in milliseconds (a test's clock, to make a charge look old). */
  now: () => number = Date.now;
  private readonly replies = new Map<string, { params: string; status: number; body: unknown }>();
  private server?: http.Server;

  /** Starts listening on 127.0.0.1; answers the connection settings for the Stripe SDK. */
  async start(): Promise<{ host: string; port: number; protocol: 'http' }> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return { host: '127.0.0.1', port: (this.server.address() as AddressInfo).port, protocol: 'http' };
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The calls made to `path` (a prefix) with `method`. */
  callsTo(method: string, path: string): StripeCall[] {
    return this.calls.filter((c) => c.method === method && c.path.startsWith(path));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://stripe.test');
    const body = Buffer.concat(chunks).toString();
    const params = new URLSearchParams(req.method === 'GET' ? url.search : body);
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    const call: StripeCall = { method: req.method ?? 'GET', path: url.pathname, params, idempotencyKey };
    this.calls.push(call);
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    let answer: { status: number; body: unknown };
    const replayed = idempotencyKey ? this.replies.get(idempotencyKey) : undefined;
    if (replayed && replayed.params !== `${call.path}?${body}`) {
      answer = stripeError(
        400,
        'idempotency_error',
        undefined,
        'Keys for idempotent requests can only be used with the same parameters.',
      );
    } else if (replayed) {
      answer = replayed;
    } else {
      answer = this.route(call);
      if (idempotencyKey && call.method === 'POST')
        this.replies.set(idempotencyKey, { params: `${call.path}?${body}`, ...answer });
    }
    res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(JSON.stringify(answer.body));
  }

  private route({ method, path, params }: StripeCall): { status: number; body: unknown } {
    const ok = (body: unknown) => ({ status: 200, body });
    const pmMatch = /^\/v1\/payment_methods\/([^/]+)(?:\/(attach|detach))?$/.exec(path);
    if (method === 'POST' && path === '/v1/payment_methods') {
      const card = TEST_TOKENS[params.get('card[token]') ?? ''];
      if (!card) return stripeError(400, 'invalid_request_error', 'resource_missing', 'No such token.');
      const { declines, ...shown } = card;
      const pm: PaymentMethod = { id: id('pm'), object: 'payment_method', type: 'card', customer: null, card: shown, declines };
      this.paymentMethods.set(pm.id, pm);
      return ok(publicPm(pm));
    }
    if (pmMatch) {
      const pm = this.paymentMethods.get(pmMatch[1]);
      if (!pm) return stripeError(404, 'invalid_request_error', 'resource_missing', 'No such PaymentMethod.');
      if (method === 'GET' && !pmMatch[2]) return ok(publicPm(pm));
      if (method === 'POST' && pmMatch[2] === 'attach') {
        const customer = params.get('customer') ?? '';
        if (!this.customers.has(customer))
          return stripeError(404, 'invalid_request_error', 'resource_missing', 'No such customer.');
        if (pm.customer && pm.customer !== customer) {
          return stripeError(400, 'invalid_request_error', undefined, 'The payment method is attached to another customer.');
        }
        pm.customer = customer;
        return ok(publicPm(pm));
      }
      if (method === 'POST' && pmMatch[2] === 'detach') {
        pm.customer = null;
        return ok(publicPm(pm));
      }
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), email: params.get('email') ?? '' };
      this.customers.set(customer.id, customer);
      return ok({ object: 'customer', ...customer });
    }
    const customerMatch = /^\/v1\/customers\/([^/]+)$/.exec(path);
    if (method === 'DELETE' && customerMatch) {
      if (!this.customers.delete(customerMatch[1]))
        return stripeError(404, 'invalid_request_error', 'resource_missing', 'No such customer.');
      return ok({ id: customerMatch[1], object: 'customer', deleted: true });
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const pm = this.paymentMethods.get(params.get('payment_method') ?? '');
      if (!pm) return stripeError(400, 'invalid_request_error', 'resource_missing', 'No such PaymentMethod.');
      if (pm.customer !== params.get('customer')) {
        return stripeError(400, 'invalid_request_error', undefined, 'The PaymentMethod does not belong to the Customer.');
      }
      if (pm.declines) return stripeError(402, 'card_error', 'card_declined', 'Your card was declined.');
      const metadata: Record<string, string> = {};
      for (const [key, value] of params) {
        const m = /^metadata\[(.+)\]$/.exec(key);
        if (m) metadata[m[1]] = value;
      }
      const intent = {
        id: id('pi'),
        amount: Number(params.get('amount')),
        currency: params.get('currency') ?? '',
        status: 'succeeded',
        created: Math.floor(this.now() / 1000),
        metadata,
        refunded: 0,
      };
      this.intents.set(intent.id, intent);
      return ok({ object: 'payment_intent', ...intent });
    }
    if (method === 'GET' && path === '/v1/payment_intents') {
      const since = Number(params.get('created[gte]') ?? 0);
      const data = [...this.intents.values()]
        .filter((i) => i.created >= since)
        .map((i) => ({ object: 'payment_intent', ...i, latest_charge: { id: id('ch'), refunded: i.refunded >= i.amount } }));
      return ok({ object: 'list', url: '/v1/payment_intents', has_more: false, data });
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = this.intents.get(params.get('payment_intent') ?? '');
      if (!intent) return stripeError(400, 'invalid_request_error', 'resource_missing', 'No such payment_intent.');
      const amount = Number(params.get('amount') ?? intent.amount);
      if (intent.refunded + amount > intent.amount) {
        return stripeError(400, 'invalid_request_error', 'charge_already_refunded', 'The charge has already been refunded.');
      }
      intent.refunded += amount;
      const refund = { id: id('re'), payment_intent: intent.id, amount };
      this.refunds.push(refund);
      return ok({ object: 'refund', status: 'succeeded', ...refund });
    }
    return stripeError(404, 'invalid_request_error', undefined, `Unrecognized request URL (${method}: ${path}).`);
  }
}

const publicPm = ({ declines: _declines, ...pm }: PaymentMethod) => pm;

function stripeError(status: number, type: string, code: string | undefined, message: string) {
  return { status, body: { error: { type, ...(code ? { code } : {}), message } } };
}
