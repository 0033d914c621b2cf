import axios, { AxiosError, type AxiosResponse } from 'axios';
import type { ApiEnvelope, ApiErrorBody } from '../contracts';
import { bus } from '../bus';
import { getRuntimeConfig } from '../config';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Skip the spec section 8 alert for this call (the screen reports the outcome itself). */
    silent?: boolean;
    /** A 401 to this call does not mean the session ended (Logout revoking its own token). */
    ignoreSessionExpiry?: boolean;
  }
}

let tokenProvider: () => string | null = () => null;

/** The shell tells the client where the session token lives. */
export function setTokenProvider(provider: () => string | null): void {
  tokenProvider = provider;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const apiClient = axios.create();

apiClient.interceptors.request.use((config) => {
  config.baseURL = getRuntimeConfig().apiUrl;
  const token = tokenProvider();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

/**
 * Whether a 401 means the signed-in session is over: the call carried the session's current token
 * (a wrong password at login carries none; an answer to a token already replaced by a new sign-in
 * is stale) and did not opt out.
 */
function endsSession(error: AxiosError): boolean {
  if (error.config?.ignoreSessionExpiry) return false;
  const sent = error.config?.headers?.get?.('Authorization') ?? error.config?.headers?.Authorization;
  const current = tokenProvider();
  return !!current && sent === `Bearer ${current}`;
}

/** Spec section 8, in one place: 400 → danger alert with the server message; 200 → success alert; else danger alert. */
apiClient.interceptors.response.use(
  (response) => {
    const message = (response.data as Partial<ApiEnvelope<unknown>> | undefined)?.message;
    const method = (response.config.method ?? 'get').toLowerCase();
    if (!response.config.silent && method !== 'get' && typeof message === 'string' && message) {
      bus.emit({ type: 'alert/show', alert: { type: 'success', message } });
    }
    return response;
  },
  (error: AxiosError<ApiErrorBody>) => {
    const status = error.response?.status ?? 0;
    const serverMessage = error.response?.data?.message;
    const message = status === 400 && serverMessage ? serverMessage : serverMessage || error.message || 'Network Error';
    if (status === 401 && endsSession(error)) {
      // The session's token was refused (expired or revoked): the shell signs out and says so, once.
      bus.emit({ type: 'auth/sessionExpired' });
    } else if (!error.config?.silent) {
      bus.emit({ type: 'alert/show', alert: { type: 'danger', message } });
    }
    return Promise.reject(new ApiError(message, status, error.response?.data?.errors));
  },
);

/** Resolves to the `{ data, message }` envelope of a call. */
export async function unwrap<T>(request: Promise<AxiosResponse<ApiEnvelope<T>>>): Promise<ApiEnvelope<T>> {
  const response = await request;
  return response.data;
}
