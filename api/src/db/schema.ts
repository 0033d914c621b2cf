import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Timestamps are written by the application (from its injectable clock) as ISO-8601 UTC strings.
 * SQLite keeps them as text; PostgreSQL as timestamptz, which node-postgres reads back as Date.
 * `toIso` in ../serializers.ts turns either into the string the API answers.
 */
export type Timestamp = ColumnType<Date | string, string, string>;
export type NullableTimestamp = ColumnType<Date | string | null, string | null | undefined, string | null>;

export type Role = 'Customer' | 'Provider';
export type JobStatus = 'Pending' | 'Accepted' | 'Approved' | 'Rejected' | 'Completed' | 'Cancelled' | 'Expired';
export type MessageType = 'text' | 'photo' | 'attachment';

export interface UsersTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string;
  role: Role;
  phone: string | null;
  address: string | null;
  avatar: string | null;
  bio: string | null;
  year_of_exp: number | null;
  /** Provider's price per service, in cents. */
  basic_price_cents: number | null;
  /** The card processor's customer reference (Stripe customer id), when one exists. */
  payment_customer_ref: string | null;
  /** 1: the user gets the booking e-mails; 0: turned off on Edit Profile. Migration 0003. */
  email_notifications: CountColumn;
  /** A provider's average rating, null before the first (queries/ratings.ts keeps it). Migration 0010. */
  rating_avg: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the bearer token; the token itself is never stored. */
  token_hash: string;
  device_id: string | null;
  created_at: Timestamp;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  /** HMAC of the 6-digit code; never the code. */
  code_hash: string;
  attempts: number;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface ServicesTable {
  id: Generated<number>;
  name: string;
  description: string;
  icon: string;
  created_at: Timestamp;
}

export interface UserServicesTable {
  id: Generated<number>;
  user_id: number;
  service_id: number;
  created_at: Timestamp;
}

export interface JobsTable {
  id: Generated<number>;
  customer_id: number;
  provider_id: number;
  service_id: number;
  status: JobStatus;
  address: string;
  destination_address: string;
  lat: number | null;
  lng: number | null;
  destination_lat: number | null;
  destination_lng: number | null;
  price_cents: number;
  duration: string | null;
  day: string | null;
  date: string | null;
  time: string | null;
  custom_time: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaymentsTable {
  id: Generated<number>;
  job_id: number;
  user_id: number;
  payment_method_id: number | null;
  amount_cents: number;
  currency: string;
  processor: string;
  processor_ref: string;
  status: string;
  /** The key the charge was sent to the processor with (null on rows older than migration 0003). */
  idempotency_key: OptionalColumn<string>;
  created_at: Timestamp;
  /**
   * The charged card's brand and last four, kept when the card is removed (migration 0004; null when
   * the card was gone before then).
   */
  card_brand: OptionalColumn<string>;
  card_last4: OptionalColumn<string>;
  /** The customer's time zone when they paid (IANA name, migration 0008): their receipts' times are written in it. */
  time_zone: OptionalColumn<string>;
  /** A digest of the booking's choices (migration 0009): the same key sent with other choices is refused. */
  booking_fingerprint: OptionalColumn<string>;
}

export type RefundStatus = 'pending' | 'succeeded';

/**
 * The refund of a booking's charge (migration 0003): written as 'pending' in the same transaction as
 * the status change that calls for it, then carried out through the payments adapter with its
 * idempotency key and marked 'succeeded'; a pending one is retried until it is (services/jobSweeper.ts).
 */
export interface RefundsTable {
  id: Generated<number>;
  /** One refund per charge at most. */
  payment_id: number;
  job_id: number;
  user_id: number;
  amount_cents: number;
  currency: string;
  processor: string;
  processor_ref: string | null;
  status: RefundStatus;
  idempotency_key: string;
  /** The status that caused it: Rejected, Cancelled or Expired. */
  reason: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RatingsTable {
  id: Generated<number>;
  job_id: number;
  customer_id: number;
  provider_id: number;
  rating: number;
  feedback: string;
  created_at: Timestamp;
}

export interface PaymentMethodsTable {
  id: Generated<number>;
  user_id: number;
  processor: string;
  /** The processor's reference of the saved card (sandbox token id or Stripe payment method id). */
  processor_ref: string;
  card_brand: string;
  card_last4: string;
  exp_month: number | null;
  exp_year: number | null;
  is_default: number;
  created_at: Timestamp;
}

/** A saved card that was removed: its id (payment_methods.id, never reused) and owner, and when. */
export interface RemovedPaymentMethodsTable {
  id: number;
  user_id: number;
  removed_at: Timestamp;
}

/** A booking being paid for: stands for it while its card is charged (routes/jobs.ts, migration 0011). */
export interface BookingAttemptsTable {
  id: Generated<number>;
  customer_id: number;
  /** The charge's idempotency key: one attempt per key at a time. */
  idempotency_key: string;
  /** What makes two bookings the same one (domain/sameBooking.ts). */
  same_booking_key: string;
  created_at: Timestamp;
}

/** The sandbox card processor's own vault: only brand, last four, expiry and test behaviour. */
export interface SandboxTokensTable {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  /** 'ok', or the decline code the test card number stands for. */
  behavior: string;
  attached_at: NullableTimestamp;
  created_at: Timestamp;
}

/** A column the database fills with its default (0) when an insert leaves it out. */
export type CountColumn = ColumnType<number, number | undefined, number>;
/** A nullable column an insert may leave out. */
export type OptionalColumn<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface ChatsTable {
  id: Generated<number>;
  customer_id: number;
  provider_id: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Id of the newest message of this chat the customer has read (0: none). Migration 0002. */
  customer_read_id: CountColumn;
  /** Id of the newest message of this chat the provider has read (0: none). Migration 0002. */
  provider_read_id: CountColumn;
}

export interface MessagesTable {
  id: Generated<number>;
  chat_id: number;
  from_id: number;
  message: string;
  message_type: MessageType;
  attachment: string | null;
  created_at: Timestamp;
  /** The attached file's original name as the sender's browser gave it (shown, never used as a path). Migration 0002. */
  attachment_name: OptionalColumn<string>;
  /** The attached file's size in bytes. Migration 0002. */
  attachment_size: OptionalColumn<number>;
  /** The sender's Idempotency-Key of the message, unique per sender. Migration 0005. */
  client_key: OptionalColumn<string>;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  sender_id: number | null;
  title: string;
  description: string;
  job_id: number | null;
  chat_id: number | null;
  read_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  user_id: number | null;
  title: string;
  message: string;
  created_at: Timestamp;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text: string;
  html: string | null;
  created_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  api_tokens: ApiTokensTable;
  password_resets: PasswordResetsTable;
  services: ServicesTable;
  user_services: UserServicesTable;
  jobs: JobsTable;
  payments: PaymentsTable;
  refunds: RefundsTable;
  ratings: RatingsTable;
  payment_methods: PaymentMethodsTable;
  removed_payment_methods: RemovedPaymentMethodsTable;
  booking_attempts: BookingAttemptsTable;
  sandbox_tokens: SandboxTokensTable;
  chats: ChatsTable;
  messages: MessagesTable;
  notifications: NotificationsTable;
  contact_messages: ContactMessagesTable;
  mail_outbox: MailOutboxTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type JobRow = Selectable<JobsTable>;
export type NewJob = Insertable<JobsTable>;
export type ServiceRow = Selectable<ServicesTable>;
export type PaymentMethodRow = Selectable<PaymentMethodsTable>;
export type MessageRow = Selectable<MessagesTable>;
export type NotificationRow = Selectable<NotificationsTable>;
