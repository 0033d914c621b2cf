/** JSON schemas shared by the routes: they validate input, shape output and make the OpenAPI document. */
import { isValidSocketId } from '../realtime/protocol.js';

type Schema = Record<string, unknown>;

export const nullable = (type: string, extra: Schema = {}): Schema => ({ type: [type, 'null'], ...extra });

export const idParams: Schema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, 'x-messages': { type: 'The id must be a positive integer.' } } },
};

/** The last page a list serves: page × per_page stays far within what either database can offset. */
export const MAX_PAGE = 1_000_000;

/** page 1..1 000 000 and per_page 1..100; anything else (0, -1, 1e20, 0x10, 2.5) is a 400. */
export const paginationQuery = {
  page: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1, description: `1 to ${MAX_PAGE}` },
  per_page: { type: 'integer', minimum: 1, maximum: 100, default: 50, description: '1 to 100' },
} as const;

const personSummaryProperties: Schema = {
  id: { type: 'integer' },
  full_name: { type: 'string' },
  first_name: { type: 'string' },
  avatar: nullable('string'),
};

export const personSummary: Schema = { type: 'object', properties: personSummaryProperties };

export const userSchema: Schema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    full_name: { type: 'string' },
    email: { type: 'string' },
    phone: nullable('string'),
    address: nullable('string'),
    avatar: nullable('string'),
    role: { type: 'string', enum: ['Customer', 'Provider'] },
    completed_jobs: { type: 'integer' },
    total_provider_jobs: { type: 'integer' },
    email_notifications: { type: 'boolean' },
    bio: nullable('string'),
    year_of_exp: nullable('integer'),
    basic_price: nullable('number'),
    services_offered: { type: 'integer', description: 'Providers only: how many services they offer.' },
  },
};

export const jobSchema: Schema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    status: { type: 'string' },
    service_id: { type: 'integer' },
    service_name: { type: 'string' },
    provider_id: { type: 'integer' },
    customer_id: { type: 'integer' },
    customer: personSummary,
    provider: {
      type: 'object',
      properties: {
        ...personSummaryProperties,
        rating: nullable('number', { description: "The provider's average rating (two decimals), null before the first." }),
      },
    },
    address: { type: 'string' },
    destination_address: { type: 'string' },
    destination_lat: nullable('number'),
    destination_lng: nullable('number'),
    lat: nullable('number'),
    lng: nullable('number'),
    price: { type: 'number' },
    duration: nullable('string'),
    day: nullable('string'),
    date: nullable('string'),
    time: nullable('string'),
    custom_time: nullable('string'),
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
    rating: nullable('number'),
    refunded: { type: 'boolean' },
  },
};

export const paymentRecordSchema: Schema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    kind: { type: 'string', enum: ['charge', 'refund'] },
    job_id: { type: 'integer' },
    service_name: { type: 'string' },
    amount: { type: 'number' },
    currency: { type: 'string' },
    card_brand: nullable('string'),
    card_last4: nullable('string'),
    status: { type: 'string', enum: ['succeeded', 'pending'] },
    created_at: { type: 'string' },
  },
};

export const serviceSchema: Schema = {
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' }, description: { type: 'string' }, icon: { type: 'string' } },
};

export const userServiceSchema: Schema = {
  type: 'object',
  properties: { id: { type: 'integer' }, service_id: { type: 'integer' }, service: serviceSchema },
};

export const providerSchema: Schema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    avatar: nullable('string'),
    full_name: { type: 'string' },
    rating: nullable('number'),
    bio: nullable('string'),
    year_of_exp: nullable('integer'),
    basic_price: nullable('number'),
    total_provider_jobs: { type: 'integer' },
    completed_jobs: { type: 'integer' },
  },
};

export const paymentMethodSchema: Schema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    card_brand: { type: 'string' },
    card_last4: { type: 'string' },
    exp_month: nullable('integer'),
    exp_year: nullable('integer'),
    is_default: { type: 'boolean' },
  },
};

export const notificationSchema: Schema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    title: { type: 'string' },
    description: { type: 'string' },
    user: {
      type: 'object',
      properties: { id: nullable('integer'), avatar: nullable('string'), full_name: { type: 'string' } },
    },
    read: { type: 'boolean' },
    job_id: nullable('integer'),
    chat_id: nullable('integer'),
    created_at: { type: 'string' },
  },
};

export const chatSchema: Schema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    customer_id: { type: 'integer' },
    provider_id: { type: 'integer' },
    customer: personSummary,
    provider: personSummary,
    updated_at: { type: 'string' },
  },
};

export const messageSchema: Schema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    chat_id: { type: 'integer' },
    from_id: { type: 'integer' },
    message: { type: 'string' },
    message_type: { type: 'string', enum: ['text', 'photo', 'attachment'] },
    attachment: nullable('string'),
    created_at: { type: 'string' },
  },
};

export const reviewSchema: Schema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    job_id: { type: 'integer' },
    provider_id: { type: 'integer' },
    rating: { type: 'integer' },
    feedback: { type: 'string' },
    customer: { type: 'object', properties: { full_name: { type: 'string' }, avatar: nullable('string') } },
    created_at: { type: 'string' },
  },
};

export const errorSchema: Schema = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
};

const pageMeta: Schema = {
  type: 'object',
  properties: { page: { type: 'integer' }, per_page: { type: 'integer' }, has_more: { type: 'boolean' } },
};

/** `{ data, message }` with the given data schema. */
export const envelope = (data: Schema, withMeta = false): Schema => ({
  type: 'object',
  properties: { data, message: { type: 'string' }, ...(withMeta ? { meta: pageMeta } : {}) },
});

export const listOf = (items: Schema): Schema => ({ type: 'array', items });

/** Response schemas for a route: its success answer plus the error shape for the listed statuses. */
export function responses(success: Record<number, Schema>, errorStatuses: number[] = []): Record<number, Schema> {
  const out: Record<number, Schema> = { ...success };
  for (const status of errorStatuses) out[status] = errorSchema;
  return out;
}

/** Standard errors of an authenticated route. */
export const AUTH_ERRORS = [400, 401, 403, 404];

/**
 * The optional X-Socket-ID header (as Laravel Echo sends it): the asking tab's realtime connection
 * (pusher-js socket_id), which does not get the events of its own action; the answer brings them.
 */
/** The Idempotency-Key header a client may send with a write: the same key does the write once. */
export const idempotencyKeyHeader = {
  type: 'string',
  pattern: '^[A-Za-z0-9_-]{8,100}$',
  'x-messages': { pattern: 'The Idempotency-Key header must be 8 to 100 letters, digits, - or _.' },
} as const;

/**
 * The asking tab's realtime connection (X-Socket-ID, see socketIdHeaders), when it names a valid one: the
 * events of its own action are not sent back to it (RealtimeEvent.exceptSocketId).
 */
export function askingTab(request: { headers: Record<string, unknown> }): string | undefined {
  const socketId = request.headers['x-socket-id'];
  return isValidSocketId(socketId) ? socketId : undefined;
}

export const socketIdHeaders = {
  type: 'object',
  properties: {
    'x-socket-id': {
      type: 'string',
      pattern: '^[0-9]{1,30}\\.[0-9]{1,30}$',
      description: "The asking tab's realtime connection (pusher-js socket_id): it does not get its own action's events.",
      'x-messages': { pattern: 'The X-Socket-ID header must be a realtime socket id.' },
    },
  },
} as const;
