/** Entity contracts of spec section 3. The API answers these shapes; every app reads them. */

export type Role = 'Customer' | 'Provider';

export interface User {
  id: number;
  first_name: string;
  last_name: string;
  full_name: string;
  email: string;
  phone: string | null;
  address: string | null;
  /** Image path relative to the API host (e.g. "/uploads/abc.png"), or null. */
  avatar: string | null;
  role: Role;
  completed_jobs: number;
  total_provider_jobs: number;
  /** The user wants the booking e-mails (new request, accept, reject, expiry, finish, receipts). */
  email_notifications: boolean;
  /** Provider-only profile fields. */
  bio?: string | null;
  year_of_exp?: number | null;
  basic_price?: number | null;
  /**
   * Providers only: how many services they offer (none: no customer finds them yet). Kept current in the
   * session by All Services, so Home can lead a provider new to the app to it without waiting for a list.
   */
  services_offered?: number;
}

export interface LoginRequest {
  email: string;
  password: string;
  device_id: string;
  role: Role;
}

export interface SignupRequest {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  password_confirmation: string;
  role: Role;
}

export interface LoginResponse {
  user: User;
  token: string;
}

/** Spec section 4's statuses, plus Cancelled (by the customer) and Expired (never answered): deviation 28. */
export const JOB_STATUSES = ['Pending', 'Accepted', 'Approved', 'Rejected', 'Completed', 'Cancelled', 'Expired'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export interface PersonSummary {
  id: number;
  full_name: string;
  first_name?: string;
  avatar: string | null;
}

/** A job's provider: who they are, and their average rating (two decimals), null before the first. */
export interface JobProvider extends PersonSummary {
  rating: number | null;
}

export interface Job {
  id: number;
  status: JobStatus;
  service_id: number;
  /** Name of the booked service (Driver, Delivery, Shipping). */
  service_name: string;
  provider_id: number;
  customer_id: number;
  customer: PersonSummary;
  provider: JobProvider;
  address: string;
  destination_address: string;
  destination_lat: number | null;
  destination_lng: number | null;
  lat: number | null;
  lng: number | null;
  price: number;
  duration: string | null;
  day: string | null;
  date: string | null;
  time: string | null;
  custom_time: string | null;
  created_at: string;
  updated_at: string;
  /** The customer's rating of this job, or null before it is rated. */
  rating: number | null;
  /** The booking payment was given back (Rejected, Cancelled or Expired). */
  refunded: boolean;
}

export interface NewJobRequest {
  service_id: number;
  status: 'Pending';
  provider_id: number;
  address: string;
  destination_address: string;
  day?: string;
  date?: string;
  time?: string;
  custom_time?: string;
  payment_method_id: number;
  cvv: string;
  /** The customer's time zone (IANA name, the browser's): the receipts write their times in it. */
  time_zone?: string;
  /**
   * The driver's price as the form showed it (not in the spec's payload): when the driver's price is another
   * now, the API answers 409 with the new price in its message and books nothing (docs/deviations.md).
   */
  expected_price?: number;
  /**
   * Books it although the customer has the same booking open (Pending or Accepted; not in the spec's
   * payload): without it the API answers 409 and books nothing (docs/deviations.md).
   */
  book_again?: boolean;
}

export interface Service {
  id: number;
  name: string;
  description: string;
  icon: string;
}

/** A service a provider offers (GET /api/user-services). */
export interface UserService {
  id: number;
  service_id: number;
  service: Service;
}

export interface ProviderServiceData {
  id: number;
  avatar: string | null;
  full_name: string;
  /** Real average of the provider's ratings, or null when unrated. */
  rating: number | null;
  bio: string | null;
  year_of_exp: number | null;
  basic_price: number | null;
  /** All the provider's jobs, whatever became of them (the spec's field). */
  total_provider_jobs: number;
  /** The provider's Completed jobs: their profile's Jobs Done (absent from an API older than it). */
  completed_jobs?: number;
}

export interface PaymentMethod {
  id: number;
  card_brand: string;
  card_last4: string;
  /** The card's expiry (1-12 and the four-digit year); null when the card provider did not say. */
  exp_month?: number | null;
  exp_year?: number | null;
  is_default?: boolean;
}

/** One line of the customer's payment history (GET /api/payments): a booking charge or its refund. */
export interface PaymentRecord {
  id: number;
  kind: 'charge' | 'refund';
  job_id: number;
  /** Name of the booked service (Driver, Delivery, Shipping). */
  service_name: string;
  /** In rupees, e.g. 10 for 10.00 INR. */
  amount: number;
  currency: 'INR';
  card_brand: string | null;
  card_last4: string | null;
  /** A refund is 'pending' for the moment between its booking's change and the processor's answer. */
  status: 'succeeded' | 'pending';
  created_at: string;
}

export interface AppNotification {
  id: number;
  title: string;
  description: string;
  /** Who sent it; `id` is null for a notification from the platform itself (full_name 'Marketplace'). */
  user: { id?: number | null; avatar: string | null; full_name: string };
  read: boolean;
  created_at?: string;
  /** The job or chat the notification is about, when there is one. */
  job_id?: number | null;
  chat_id?: number | null;
}

export interface ContactMessage {
  title: string;
  message: string;
}

export interface Chat {
  id: number;
  customer_id: number;
  provider_id: number;
  customer: PersonSummary;
  provider: PersonSummary;
  updated_at?: string;
  /** The newest message of the chat, or null when it has none yet (GET /api/chats). */
  last_message?: Message | null;
  /** How many messages of the other party the caller has not read yet (GET /api/chats). */
  unread_count?: number;
}

export type MessageType = 'text' | 'photo' | 'attachment';

export interface Message {
  id: number;
  chat_id: number;
  from_id: number;
  message: string;
  message_type: MessageType;
  /** Path of the uploaded file for photo/attachment messages. */
  attachment?: string | null;
  created_at: string;
  /** Original name of the attached file (photo/attachment messages). */
  attachment_name?: string | null;
  /** Size of the attached file in bytes. */
  attachment_size?: number | null;
  /** On the reader's own messages: the Idempotency-Key it was sent with (POST /api/chats). */
  client_key?: string;
}

export interface Rating {
  job_id: number;
  rating: number;
  feedback: string;
}

export interface Review {
  id: number;
  job_id: number;
  provider_id: number;
  rating: number;
  feedback: string;
  customer: { full_name: string; avatar: string | null };
  created_at: string;
}

export interface BookingForm {
  day: string;
  date: string;
  time: string;
  custom_time: string;
  address: string;
  destination_address: string;
}

export interface ProviderLocation {
  lat: number;
  lng: number;
}

export interface Alert {
  type: 'success' | 'danger' | 'info';
  message: string;
}

/** The session object persisted in localStorage under the key `authType`. */
export interface PersistedSession {
  isLogin: boolean;
  users: User | null;
  token: string | null;
  jobs: Job[];
  paymentMethod: PaymentMethod[];
  notifications: AppNotification[];
  UserMessages: Message[];
  ChatUserData: Chat | null;
  providerServiceData: ProviderServiceData[];
}

export const SESSION_STORAGE_KEY = 'authType';

/** API envelope: success `{ data, message }`, error `{ message, errors? }`. */
export interface ApiEnvelope<T> {
  data: T;
  message: string;
}

/** Where a paginated list answer is (GET /api/jobs, /api/payments, a chat's messages). */
export interface PageMeta {
  page: number;
  per_page: number;
  has_more: boolean;
}

export type PagedEnvelope<T> = ApiEnvelope<T> & { meta?: PageMeta };

/**
 * GET /api/notifications answers a page, with the first page how many of all are unread (the bell's count);
 * marking read answers the first page and that count.
 */
export type NotificationsEnvelope = ApiEnvelope<AppNotification[]> & { meta?: PageMeta & { unread?: number } };

export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}
