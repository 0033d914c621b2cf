import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { PaymentMethod, PaymentRecord } from 'shared/src/contracts/entities';
import { precompile } from '../db/precompiled.js';
import type { Database, PaymentMethodRow, UserRow } from '../db/schema.js';
import { currentUser, requireRole } from '../http/auth.js';
import { conflict, fieldError, forbidden, notFound } from '../http/errors.js';
import { send } from '../http/reply.js';
import {
  AUTH_ERRORS,
  envelope,
  idParams,
  listOf,
  paginationQuery,
  paymentMethodSchema,
  paymentRecordSchema,
  responses,
  socketIdHeaders,
  askingTab,
} from '../http/schemas.js';
import { toIso } from '../serializers.js';
import { lockUser } from '../db/index.js';
import { ownChannelEvent, type RealtimeEvent } from '../services/publisher.js';

const tags = ['payment methods'];
const security = [{ bearerAuth: [] }];

/** A user's saved cards, the default first (the spec's "default card is the first in the list"), compiled once. */
type CardColumns = 'id' | 'card_brand' | 'card_last4' | 'exp_month' | 'exp_year' | 'is_default';
const CARD_COLUMNS: CardColumns[] = ['id', 'card_brand', 'card_last4', 'exp_month', 'exp_year', 'is_default'];

const cardsOf = precompile<Database, [userId: number], Pick<PaymentMethodRow, CardColumns>>(1, (db, userId) =>
  db
    .selectFrom('payment_methods')
    .select(CARD_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('id', 'asc'),
);

export async function listCards(db: Kysely<Database>, userId: number): Promise<PaymentMethod[]> {
  const rows = await cardsOf(db, userId);
  return rows.map(toPaymentMethod);
}

/** A saved card as the API answers it: brand, last four and expiry, never the number. */
const toPaymentMethod = (row: Pick<PaymentMethodRow, CardColumns>): PaymentMethod => ({
  ...row,
  is_default: row.is_default === 1,
});

/**
 * 'PaymentMethods' on the owner's channel: their saved cards changed (added, removed, a new default), so
 * their other tabs and devices read the list again. The asking tab (X-Socket-ID) has it from the answer.
 */
export const paymentMethodsEvent = (userId: number, exceptSocketId?: string): RealtimeEvent =>
  ownChannelEvent(userId, 'PaymentMethods', {}, exceptSocketId);

export const DUPLICATE_CARD_MESSAGE = 'This card is already saved.';
/** A card of the user's that was removed (in another tab, most likely). */
export const CARD_REMOVED_MESSAGE = 'This card has already been removed.';
/** An id that was never one of the user's cards. */
export const CARD_NOT_FOUND_MESSAGE = 'Payment method not found.';

/**
 * A customer's charges and refunds as one list, newest first: one page of `limit` lines from `offset`.
 * The card is the one stored on the charge, which stays when the card itself is removed.
 */
function historyQuery(db: Kysely<Database>, userId: number, limit: number, offset: number) {
  const charges = db
    .selectFrom('payments as p')
    .innerJoin('jobs as j', 'j.id', 'p.job_id')
    .innerJoin('services as s', 's.id', 'j.service_id')
    .select([
      'p.id as row_id',
      sql.lit('charge').as('kind'),
      'p.job_id',
      's.name as service_name',
      'p.amount_cents',
      'p.currency',
      'p.card_brand',
      'p.card_last4',
      sql.lit('succeeded').as('status'),
      'p.created_at',
    ])
    .where('p.user_id', '=', userId);
  const refunds = db
    .selectFrom('refunds as r')
    .innerJoin('payments as p', 'p.id', 'r.payment_id')
    .innerJoin('jobs as j', 'j.id', 'r.job_id')
    .innerJoin('services as s', 's.id', 'j.service_id')
    .select([
      'r.id as row_id',
      sql.lit('refund').as('kind'),
      'r.job_id',
      's.name as service_name',
      'r.amount_cents',
      'r.currency',
      'p.card_brand',
      'p.card_last4',
      'r.status',
      'r.created_at',
    ])
    .where('r.user_id', '=', userId);
  return db
    .selectFrom(charges.unionAll(refunds).as('h'))
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('kind', 'desc')
    .orderBy('row_id', 'desc')
    .limit(limit)
    .offset(offset);
}
type HistoryRow = Awaited<ReturnType<ReturnType<typeof historyQuery>['execute']>>[number];

/**
 * The history query compiled once: the kinds and the charges' status are literals in its SQL (not
 * parameters), so the statement is the same for every call and PostgreSQL prepares it once.
 */
const historyPage = precompile<Database, [userId: number, limit: number, offset: number], HistoryRow>(3, historyQuery);

/**
 * One page of a customer's payment history: booking charges and their refunds, newest first. A line's
 * id is unique across both kinds (charges even, refunds odd), for lists keyed by it.
 */
export async function paymentHistory(db: Kysely<Database>, userId: number, page: number, perPage: number) {
  const rows = await historyPage(db, userId, perPage + 1, (page - 1) * perPage);
  const records: PaymentRecord[] = rows.slice(0, perPage).map((r) => ({
    id: r.kind === 'refund' ? r.row_id * 2 + 1 : r.row_id * 2,
    kind: r.kind === 'refund' ? 'refund' : 'charge',
    job_id: r.job_id,
    service_name: r.service_name,
    amount: r.amount_cents / 100,
    currency: 'INR',
    card_brand: r.card_brand,
    card_last4: r.card_last4,
    status: r.status === 'pending' ? 'pending' : 'succeeded',
    created_at: toIso(r.created_at),
  }));
  return { records, has_more: rows.length > perPage };
}

export default async function paymentsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;

  /** The 404 for a card that is not saved: removed (there is a record of it), or never one of the user's. */
  async function cardNotThere(executor: Kysely<Database>, userId: number, id: number) {
    const removed = await executor
      .selectFrom('removed_payment_methods')
      .select('id')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return notFound(removed ? CARD_REMOVED_MESSAGE : CARD_NOT_FOUND_MESSAGE);
  }

  async function ownCard(userId: number, id: number) {
    const card = await db.selectFrom('payment_methods').selectAll().where('id', '=', id).executeTakeFirst();
    if (!card) throw await cardNotThere(db, userId, id);
    if (card.user_id !== userId) throw forbidden('This payment method is not yours.');
    return card;
  }

  app.get<{ Querystring: { page: number; per_page: number } }>(
    '/api/payments',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "The customer's payment history: booking charges and refunds, newest first, one page at a time",
        querystring: { type: 'object', properties: paginationQuery },
        response: responses({ 200: envelope(listOf(paymentRecordSchema), true) }, AUTH_ERRORS),
      },
    },
    async (request, reply) => {
      const customer = requireRole(request, 'Customer');
      const { page, per_page } = request.query;
      const history = await paymentHistory(db, customer.id, page, per_page);
      return send(reply, history.records, 'Success', 200, { meta: { page, per_page, has_more: history.has_more } });
    },
  );

  app.get(
    '/api/payment-methods',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Saved cards, the default first',
        response: responses({ 200: envelope(listOf(paymentMethodSchema)) }, [401]),
      },
    },
    async (request, reply) => send(reply, await listCards(db, currentUser(request).id)),
  );

  /**
   * The user's customer at the processor (null for the sandbox), made the first time a card is saved. Two
   * first cards saved at once (two tabs) keep one: the first stored wins, and the other is deleted, so that
   * every card of the user is attached to the customer that is charged with them.
   */
  async function processorCustomerOf(user: UserRow): Promise<string | null> {
    // The user's row as authentication read it for this request.
    if (user.payment_customer_ref) return user.payment_customer_ref;
    const made = await ctx.payments.createCustomer(user);
    if (made === null) return null;
    const kept = await db
      .updateTable('users')
      .set({ payment_customer_ref: made })
      .where('id', '=', user.id)
      .where('payment_customer_ref', 'is', null)
      .executeTakeFirst();
    if (Number(kept.numUpdatedRows) === 1) return made;
    await ctx.payments.removeCustomer(made);
    const first = await db.selectFrom('users').select('payment_customer_ref').where('id', '=', user.id).executeTakeFirstOrThrow();
    return first.payment_customer_ref;
  }

  app.post<{ Body: { token: string }; Headers: { 'x-socket-id'?: string } }>(
    '/api/payment-methods',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "Save a card from the card provider's token (sandbox tok_..., or Stripe tok_/pm_ when configured)",
        headers: socketIdHeaders,
        body: {
          type: 'object',
          required: ['token'],
          properties: {
            token: {
              type: 'string',
              minLength: 1,
              maxLength: 255,
              'x-messages': { required: 'something went wrong', minLength: 'something went wrong' },
            },
          },
        },
        response: responses({ 201: envelope(paymentMethodSchema) }, [400, 401, 409, 502]),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const now = ctx.clock.now().toISOString();
      const token = request.body.token.trim();
      if (!token) throw fieldError('token', 'something went wrong');
      // The processor is asked outside any transaction (it may take seconds; a transaction held meanwhile
      // would hold up, on SQLite, every other request), and the card stored after, in the user's turn.
      const customerRef = await processorCustomerOf(user);
      const saved = await ctx.payments.saveCard(token, { ...user, payment_customer_ref: customerRef }, db);
      const created = await db.transaction().execute(async (trx) => {
        // Before the duplicate check: the same card sent twice at once is then found by the second.
        await lockUser(trx, ctx.dialect, user.id);
        // The same card (brand, last four and expiry) saved twice could not be told apart in any list.
        const same = await trx
          .selectFrom('payment_methods')
          .select('id')
          .where('user_id', '=', user.id)
          .where('card_brand', '=', saved.brand)
          .where('card_last4', '=', saved.last4)
          .where('exp_month', saved.expMonth === null ? 'is' : '=', saved.expMonth)
          .where('exp_year', saved.expYear === null ? 'is' : '=', saved.expYear)
          .executeTakeFirst();
        if (same) throw conflict(DUPLICATE_CARD_MESSAGE);
        const hasDefault = await trx
          .selectFrom('payment_methods')
          .select('id')
          .where('user_id', '=', user.id)
          .where('is_default', '=', 1)
          .executeTakeFirst();
        return trx
          .insertInto('payment_methods')
          .values({
            user_id: user.id,
            processor: saved.processor,
            processor_ref: saved.processorRef,
            card_brand: saved.brand,
            card_last4: saved.last4,
            exp_month: saved.expMonth,
            exp_year: saved.expYear,
            is_default: hasDefault ? 0 : 1,
            created_at: now,
          })
          .returning(CARD_COLUMNS)
          .executeTakeFirstOrThrow();
      });
      ctx.publisher.publish([paymentMethodsEvent(user.id, askingTab(request))]);
      return send(reply, toPaymentMethod(created), 'Card added successfully', 201);
    },
  );

  app.delete<{ Params: { id: number }; Headers: { 'x-socket-id'?: string } }>(
    '/api/payment-methods/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Remove a saved card',
        headers: socketIdHeaders,
        params: idParams,
        response: responses({ 200: envelope({ type: 'null' }) }, AUTH_ERRORS),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const card = await ownCard(user.id, request.params.id);
      const now = ctx.clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        // One user's card changes take turns: two cards removed at once, one of them the default, would
        // otherwise each see the other still saved, and the default could go to the card being removed.
        await lockUser(trx, ctx.dialect, user.id);
        const deleted = await trx
          .deleteFrom('payment_methods')
          .where('id', '=', card.id)
          .returning('is_default')
          .executeTakeFirst();
        // Removed meanwhile by another request (the same card deleted in two tabs at once): said as it is then.
        if (!deleted) throw notFound(CARD_REMOVED_MESSAGE);
        await trx.insertInto('removed_payment_methods').values({ id: card.id, user_id: user.id, removed_at: now }).execute();
        // Whether it was the default now, not when it was read above (another removal may have made it so).
        if (deleted.is_default === 1) {
          // The oldest remaining card becomes the default.
          const next = await trx
            .selectFrom('payment_methods')
            .select('id')
            .where('user_id', '=', user.id)
            .orderBy('id')
            .limit(1)
            .executeTakeFirst();
          if (next) await trx.updateTable('payment_methods').set({ is_default: 1 }).where('id', '=', next.id).execute();
        }
      });
      ctx.publisher.publish([paymentMethodsEvent(user.id, askingTab(request))]);
      await ctx.payments.removeCard(card);
      return send(reply, null, 'Card removed successfully');
    },
  );

  app.post<{ Params: { id: number }; Headers: { 'x-socket-id'?: string } }>(
    '/api/payment-methods/:id/default',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Make a saved card the default; answers the new list (default first)',
        headers: socketIdHeaders,
        params: idParams,
        response: responses({ 200: envelope(listOf(paymentMethodSchema)) }, AUTH_ERRORS),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const card = await ownCard(user.id, request.params.id);
      await db.transaction().execute(async (trx) => {
        // Takes its turn with the user's other card changes, and the card is still there: otherwise no card
        // would be left the default.
        await lockUser(trx, ctx.dialect, user.id);
        const still = await trx.selectFrom('payment_methods').select('id').where('id', '=', card.id).executeTakeFirst();
        if (!still) throw notFound(CARD_REMOVED_MESSAGE);
        await trx.updateTable('payment_methods').set({ is_default: 0 }).where('user_id', '=', user.id).execute();
        await trx.updateTable('payment_methods').set({ is_default: 1 }).where('id', '=', card.id).execute();
      });
      ctx.publisher.publish([paymentMethodsEvent(user.id, askingTab(request))]);
      return send(reply, await listCards(db, user.id), 'Default card updated');
    },
  );
}
