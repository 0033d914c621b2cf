import type {
  ApiEnvelope,
  AppNotification,
  Chat,
  ContactMessage,
  Job,
  JobStatus,
  LoginRequest,
  LoginResponse,
  Message,
  MessageType,
  NewJobRequest,
  NotificationsEnvelope,
  PagedEnvelope,
  PaymentMethod,
  PaymentRecord,
  ProviderServiceData,
  Rating,
  Review,
  Role,
  Service,
  SignupRequest,
  User,
  UserService,
} from '../contracts';
import type { AxiosRequestConfig } from 'axios';
import { realtimeSocketId } from '../realtime';
import { apiClient, unwrap } from './client';

/** Typed functions, one per call of spec section 7. Components call these, never axios. */

export const login = (body: LoginRequest) => unwrap<LoginResponse>(apiClient.post('/api/auth/login', body));
export const register = (body: SignupRequest, config?: AxiosRequestConfig) =>
  unwrap<User>(apiClient.post('/api/auth/register', body, config));
export const logout = () => unwrap<null>(apiClient.post('/api/auth/logout'));
export const fetchMe = (config?: AxiosRequestConfig) => unwrap<User>(apiClient.get('/api/auth/me', config));
export const requestPasswordReset = (email: string, config?: AxiosRequestConfig) =>
  unwrap<null>(apiClient.post('/api/auth/reset-password', { email }, config));
export const resetPassword = (body: { email: string; otp: string; password: string }, config?: AxiosRequestConfig) =>
  unwrap<{ role: Role }>(apiClient.post('/api/auth/forgot', body, config));
/** multipart: first_name, last_name, avatar (File), phone, address, and for providers bio, year_of_exp, basic_price. */
// A profile or services change names this tab: the user's other tabs and devices are told ('Profile'), not this one.
export const updateProfile = (form: FormData) => unwrap<User>(apiClient.post('/api/auth/update-profile', form, namingThisTab()));

export const fetchServices = (config?: AxiosRequestConfig) => unwrap<Service[]>(apiClient.get('/api/services', config));
export const fetchUserServices = (config?: AxiosRequestConfig) =>
  unwrap<UserService[]>(apiClient.get('/api/user-services', config));
export const addUserService = (serviceId: number, config?: AxiosRequestConfig) =>
  unwrap<UserService[]>(apiClient.post('/api/user-services', { service_id: serviceId }, namingThisTab(config)));
export const deleteUserService = (id: number, config?: AxiosRequestConfig) =>
  unwrap<UserService[]>(apiClient.delete(`/api/user-services/${id}`, namingThisTab(config)));
export const fetchProviders = (serviceId: number, config?: AxiosRequestConfig) =>
  unwrap<ProviderServiceData[]>(apiClient.get(`/api/providers/${serviceId}`, config));

/**
 * One page of the user's jobs, newest first by creation (or with `sort: 'updated'` by last change);
 * `status` keeps those in it, or in any of several.
 */
export const fetchJobs = (
  {
    status,
    ...query
  }: {
    page?: number;
    per_page?: number;
    status?: JobStatus | readonly JobStatus[];
    sort?: 'created' | 'updated';
    /** A job of the list: the page starts after it (the next page, however the list changed since). */
    starting_after?: number;
  } = {},
  config?: AxiosRequestConfig,
) =>
  unwrap<Job[]>(
    apiClient.get('/api/jobs', {
      ...config,
      // The API takes several statuses separated by commas (axios would send an array as status[]=).
      params: status === undefined ? query : { ...query, status: typeof status === 'string' ? status : status.join(',') },
    }),
  ) as Promise<PagedEnvelope<Job[]>>;
export const fetchJob = (id: number, config?: AxiosRequestConfig) => unwrap<Job>(apiClient.get(`/api/jobs/${id}`, config));
/** Books and pays (10.00 INR) in one call; a declined card answers 402 and creates nothing. */
export const createJob = (body: NewJobRequest, config?: AxiosRequestConfig) =>
  unwrap<Job>(apiClient.post('/api/jobs', body, config));
/** Answers the updated job list, which the client stores as `jobs`. */
export const updateJobStatus = (id: number, status: JobStatus, config?: AxiosRequestConfig) =>
  unwrap<Job[]>(apiClient.patch(`/api/jobs/${id}`, { status }, config));

/**
 * The customer cancels their own Pending booking; the booking payment is refunded. An Accepted booking
 * answers 409 (the message says to chat with the provider). Answers the customer's updated job list.
 */
export const cancelBooking = (id: number, config?: AxiosRequestConfig) => updateJobStatus(id, 'Cancelled', config);

/** The customer's charges and refunds, newest first, one page at a time (meta.has_more says if more follow). */
export const fetchPaymentHistory = (params?: { page?: number; per_page?: number }, config?: AxiosRequestConfig) =>
  unwrap<PaymentRecord[]>(apiClient.get('/api/payments', { ...config, params })) as Promise<PagedEnvelope<PaymentRecord[]>>;

export const rateJob = (body: Rating, config?: AxiosRequestConfig) => unwrap<unknown>(apiClient.post('/ratings', body, config));
export const fetchReviews = (providerId?: number, config?: AxiosRequestConfig) =>
  unwrap<Review[]>(apiClient.get('/api/getReview', { ...config, params: providerId ? { provider_id: providerId } : undefined }));

export const fetchPaymentMethods = (config?: AxiosRequestConfig) =>
  unwrap<PaymentMethod[]>(apiClient.get('/api/payment-methods', config));
// A card change names this tab: the user's other tabs and devices are told ('PaymentMethods'), not this one.
export const addPaymentMethod = (token: string) =>
  unwrap<PaymentMethod>(apiClient.post('/api/payment-methods', { token }, namingThisTab()));
export const deletePaymentMethod = (id: number, config?: AxiosRequestConfig) =>
  unwrap<null>(apiClient.delete(`/api/payment-methods/${id}`, namingThisTab(config)));
export const makeDefaultPaymentMethod = (id: number) =>
  unwrap<PaymentMethod[]>(apiClient.post(`/api/payment-methods/${id}/default`, undefined, namingThisTab()));

/** The caller's chats, newest conversation first, each with `last_message` and `unread_count`. */
export const fetchChats = (config?: AxiosRequestConfig) => unwrap<Chat[]>(apiClient.get('/api/chats', config));
/** One page of a chat's messages, newest first; `meta.has_more` says whether older pages exist. */
export const fetchMessages = (chatId: number, params?: { page?: number; per_page?: number }, config?: AxiosRequestConfig) =>
  unwrap<{ messages: Message[] }>(apiClient.get(`/api/chats/${chatId}/messages`, { ...config, params })) as Promise<
    ApiEnvelope<{ messages: Message[] }> & { meta?: { page: number; per_page: number; has_more: boolean } }
  >;
/**
 * One message of a chat, as `fetchMessages` answers it: for a live 'Message' event that came without its
 * text (`message_omitted`, too big for a realtime event). 403 or 404 for a message not in the caller's chats.
 */
export const fetchMessage = (chatId: number, messageId: number, config?: AxiosRequestConfig) =>
  unwrap<Message>(apiClient.get(`/api/chats/${chatId}/messages/${messageId}`, config));
export const sendMessage = (
  body: {
    customer_id: number;
    provider_id: number;
    message_type: MessageType;
    message: string;
    attachment?: File | Blob | null;
  },
  config?: AxiosRequestConfig,
) => {
  const form = new FormData();
  form.append('customer_id', String(body.customer_id));
  form.append('provider_id', String(body.provider_id));
  form.append('message_type', body.message_type);
  form.append('message', body.message);
  if (body.attachment) form.append('attachment', body.attachment);
  return unwrap<Message>(apiClient.post('/api/chats', form, namingThisTab(config)));
};

/** `config` naming this tab's realtime connection (X-Socket-ID): it does not get its own action's events back, the answer brings them. */
function namingThisTab(config?: AxiosRequestConfig): AxiosRequestConfig | undefined {
  const socketId = realtimeSocketId();
  return socketId ? { ...config, headers: { ...config?.headers, 'X-Socket-ID': socketId } } : config;
}

/** A page of the caller's notifications, newest first; with the first page, `meta.unread` counts all unread ones. */
export const fetchNotifications = (params?: { page?: number; per_page?: number }, config?: AxiosRequestConfig) =>
  unwrap<AppNotification[]>(apiClient.get('/api/notifications', { ...config, params })) as Promise<NotificationsEnvelope>;
/**
 * Marks read the notifications the user was shown: ids from `from_id` (optional) to `up_to_id`. Answers the
 * first page of the list and the unread total.
 */
export const markNotificationsRead = (shown: { up_to_id: number; from_id?: number }, config?: AxiosRequestConfig) =>
  unwrap<AppNotification[]>(
    apiClient.post('/api/notifications/read-all', shown, namingThisTab(config)),
  ) as Promise<NotificationsEnvelope>;
export const storeContactUs = (body: ContactMessage, config?: AxiosRequestConfig) =>
  unwrap<unknown>(apiClient.post('/api/storeContactUs', body, config));

/** Sandbox card provider (embedded default): tokenises a card; our API never sees the raw number. */
export const createSandboxCardToken = (card: {
  card_name: string;
  card_number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}) => apiClient.post<{ id: string; card: { brand: string; last4: string } }>('/sandbox/v1/tokens', card).then((r) => r.data);

/** Development mailbox (outside production only). */
export const fetchDevMail = (to: string) =>
  unwrap<{ to: string; subject: string; text: string; created_at: string }[]>(apiClient.get('/api/dev/mail', { params: { to } }));

/** The chat between the caller and a user of the other role: the existing one, or a new empty one (404/400 otherwise). */
export const openChatWith = (userId: number, config?: AxiosRequestConfig) =>
  unwrap<Chat>(apiClient.post('/api/chats/open', { user_id: userId }, config));
/**
 * Marks every message of a chat read for the caller; answers the caller's new unread total (so this tab
 * names its connection: the ChatRead event goes to the user's other tabs only).
 */
export const markChatRead = (chatId: number, config?: AxiosRequestConfig) =>
  unwrap<{ chat_id: number; unread_count: number; unread_total: number }>(
    apiClient.post(`/api/chats/${chatId}/read`, null, namingThisTab(config)),
  );
/** How many chat messages the caller has not read, over all chats. */
export const fetchChatUnread = (config?: AxiosRequestConfig) =>
  unwrap<{ total: number }>(apiClient.get('/api/chats/unread', config));
