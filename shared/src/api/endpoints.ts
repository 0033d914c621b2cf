import type {
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
  PaymentMethod,
  ProviderServiceData,
  Rating,
  Review,
  Service,
  SignupRequest,
  User,
  UserService,
} from '../contracts';
import type { AxiosRequestConfig } from 'axios';
import { apiClient, unwrap } from './client';

/** Typed functions, one per call of spec section 7. Components call these, never axios. */

export const login = (body: LoginRequest) => unwrap<LoginResponse>(apiClient.post('/api/auth/login', body));
export const register = (body: SignupRequest, config?: AxiosRequestConfig) =>
  unwrap<User>(apiClient.post('/api/auth/register', body, config));
export const logout = () => unwrap<null>(apiClient.post('/api/auth/logout'));
export const fetchMe = () => unwrap<User>(apiClient.get('/api/auth/me'));
export const requestPasswordReset = (email: string, config?: AxiosRequestConfig) =>
  unwrap<null>(apiClient.post('/api/auth/reset-password', { email }, config));
export const resetPassword = (body: { email: string; otp: string; password: string }, config?: AxiosRequestConfig) =>
  unwrap<null>(apiClient.post('/api/auth/forgot', body, config));
/** multipart: first_name, last_name, avatar (File), phone, address, and for providers bio, year_of_exp, basic_price. */
export const updateProfile = (form: FormData) => unwrap<User>(apiClient.post('/api/auth/update-profile', form));

export const fetchServices = (config?: AxiosRequestConfig) => unwrap<Service[]>(apiClient.get('/api/services', config));
export const fetchUserServices = (config?: AxiosRequestConfig) => unwrap<UserService[]>(apiClient.get('/api/user-services', config));
export const addUserService = (serviceId: number, config?: AxiosRequestConfig) =>
  unwrap<UserService[]>(apiClient.post('/api/user-services', { service_id: serviceId }, config));
export const deleteUserService = (id: number, config?: AxiosRequestConfig) =>
  unwrap<UserService[]>(apiClient.delete(`/api/user-services/${id}`, config));
export const fetchProviders = (serviceId: number, config?: AxiosRequestConfig) =>
  unwrap<ProviderServiceData[]>(apiClient.get(`/api/providers/${serviceId}`, config));

export const fetchJobs = (params?: { page?: number; per_page?: number; status?: JobStatus }, config?: AxiosRequestConfig) =>
  unwrap<Job[]>(apiClient.get('/api/jobs', { ...config, params }));
export const fetchJob = (id: number, config?: AxiosRequestConfig) => unwrap<Job>(apiClient.get(`/api/jobs/${id}`, config));
/** Books and pays (10.00 INR) in one call; a declined card answers 402 and creates nothing. */
export const createJob = (body: NewJobRequest, config?: AxiosRequestConfig) =>
  unwrap<Job>(apiClient.post('/api/jobs', body, config));
/** Answers the updated job list, which the client stores as `jobs`. */
export const updateJobStatus = (id: number, status: JobStatus, config?: AxiosRequestConfig) =>
  unwrap<Job[]>(apiClient.patch(`/api/jobs/${id}`, { status }, config));

export const rateJob = (body: Rating, config?: AxiosRequestConfig) => unwrap<unknown>(apiClient.post('/api/ratings', body, config));
export const fetchReviews = (providerId?: number, config?: AxiosRequestConfig) =>
  unwrap<Review[]>(apiClient.get('/api/getReview', { ...config, params: providerId ? { provider_id: providerId } : undefined }));

export const fetchPaymentMethods = (config?: AxiosRequestConfig) =>
  unwrap<PaymentMethod[]>(apiClient.get('/api/payment-methods', config));
export const addPaymentMethod = (token: string) =>
  unwrap<PaymentMethod>(apiClient.post('/api/payment-methods', { token }));
export const deletePaymentMethod = (id: number) => unwrap<null>(apiClient.delete(`/api/payment-methods/${id}`));
export const makeDefaultPaymentMethod = (id: number) =>
  unwrap<PaymentMethod[]>(apiClient.post(`/api/payment-methods/${id}/default`));

export const fetchChats = () => unwrap<Chat[]>(apiClient.get('/api/chats'));
export const fetchMessages = (chatId: number) =>
  unwrap<{ messages: Message[] }>(apiClient.get(`/api/chats/${chatId}/messages`));
export const sendMessage = (body: {
  customer_id: number;
  provider_id: number;
  message_type: MessageType;
  message: string;
  attachment?: File | Blob | null;
}) => {
  const form = new FormData();
  form.append('customer_id', String(body.customer_id));
  form.append('provider_id', String(body.provider_id));
  form.append('message_type', body.message_type);
  form.append('message', body.message);
  if (body.attachment) form.append('attachment', body.attachment);
  return unwrap<Message>(apiClient.post('/api/chats', form));
};

export const fetchNotifications = (config?: AxiosRequestConfig) =>
  unwrap<AppNotification[]>(apiClient.get('/api/notifications', config));
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
