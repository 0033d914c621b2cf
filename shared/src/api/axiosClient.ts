/**
 * The configured axios instance: the request and response handling of every API call (token, base URL,
 * time limit, spec section 8's alerts, the end of a session). Loaded with axios on the first call
 * (client.ts), so none of it is part of a first load that calls no API yet, such as /login (issue 12).
 */
import axios, { type AxiosRequestConfig, type AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import type { ApiEnvelope, ApiErrorBody } from '../contracts';
import { bus } from '../bus';
import { getRuntimeConfig } from '../config';
import { NO_CONNECTION_MESSAGE, serverFaultMessage } from '../errorText';
import { ApiError } from './apiError';
import { noteAnswered, noteUnanswered } from './reachability';
import { currentToken } from './sessionToken';

/**
 * Whether a 401 means the signed-in session is over: the call carried the session's current token
 * (a wrong password at login carries none; an answer to a token already replaced by a new sign-in
 * is stale) and did not opt out.
 */
function endsSession(error: AxiosError): boolean {
  if (error.config?.ignoreSessionExpiry) return false;
  const current = currentToken();
  return !!current && sentToken(error) === `Bearer ${current}`;
}

const sentToken = (error: AxiosError) => error.config?.headers?.get?.('Authorization') ?? error.config?.headers?.Authorization;

/** A 401 to a token that is no longer the session's: that session already ended (and said so) or was replaced. */
const isStale401 = (error: AxiosError) => error.response?.status === 401 && !!sentToken(error) && !endsSession(error);

/** A call not answered after this long fails (status 0), instead of leaving its screen loading or its button busy for ever. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** A call that uploads a file (a form) is given longer: on a slow connection sending it takes time. */
export const UPLOAD_TIMEOUT_MS = 120_000;
export const TIMEOUT_MESSAGE = 'The server did not answer in time. Check your connection and retry.';

/** The time limit of each call on its way: its timer, and whether it ran out. */
const limits = new WeakMap<object, { timer: ReturnType<typeof setTimeout>; expired: boolean }>();

/**
 * Aborts the call (through its signal, as every axios adapter honours) when it has no answer in time.
 * Not axios's own `timeout`: that is the browser adapter's alone, and this limit holds for any transport.
 */
function limitTime(config: InternalAxiosRequestConfig): void {
  const controller = new AbortController();
  const callers = config.signal as AbortSignal | undefined;
  // Called off before it got here (the client was still loading): it stays called off.
  if (callers?.aborted) controller.abort();
  else callers?.addEventListener?.('abort', () => controller.abort());
  const upload = typeof FormData !== 'undefined' && config.data instanceof FormData;
  const limit = {
    expired: false,
    timer: setTimeout(
      () => {
        limit.expired = true;
        controller.abort();
      },
      upload ? UPLOAD_TIMEOUT_MS : REQUEST_TIMEOUT_MS,
    ),
  };
  limits.set(config, limit);
  config.signal = controller.signal;
}

/** Ends the time limit of an answered (or failed) call; answers whether it had run out. */
function endLimit(config: object | undefined): boolean {
  const limit = config ? limits.get(config) : undefined;
  if (!limit) return false;
  clearTimeout(limit.timer);
  limits.delete(config!);
  return limit.expired;
}

/** A gateway answering for an API it could not reach, or did not hear from in time. */
const GATEWAY_FAILURES = new Set([502, 503, 504]);

/** The call got no answer from the API itself: not reached, dropped, timed out, or a gateway's. Not one the caller called off. */
const wasUnanswered = (error: AxiosError, timedOut: boolean) =>
  timedOut || (error.response ? GATEWAY_FAILURES.has(error.response.status) : !axios.isCancel(error));

/** The reachability probe (reachability.ts): any answer of the API's own, even a refusal, means it is up. */
function probeOf(created: AxiosInstance) {
  return () =>
    created.get('/api/health', { silent: true, ignoreSessionExpiry: true, reachabilityProbe: true }).then(
      () => true,
      (error: unknown) => error instanceof ApiError && error.status !== 0 && !GATEWAY_FAILURES.has(error.status),
    );
}

/** Adds the client's request and response handling to a new axios instance. */
function configure(created: AxiosInstance, adapter: () => AxiosRequestConfig['adapter']): AxiosInstance {
  const probe = probeOf(created);
  created.interceptors.request.use((config) => {
    const replaced = adapter();
    if (replaced) config.adapter = replaced;
    config.baseURL = getRuntimeConfig().apiUrl;
    const token = currentToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    limitTime(config);
    return config;
  });

  /** Spec section 8, in one place: 400 → danger alert with the server message; 200 → success alert; else danger alert. */
  created.interceptors.response.use(
    (response) => {
      endLimit(response.config);
      if (!response.config.reachabilityProbe) noteAnswered();
      const message = (response.data as Partial<ApiEnvelope<unknown>> | undefined)?.message;
      const method = (response.config.method ?? 'get').toLowerCase();
      if (!response.config.silent && method !== 'get' && typeof message === 'string' && message) {
        bus.emit({ type: 'alert/show', alert: { type: 'success', message } });
      }
      return response;
    },
    (error: AxiosError<ApiErrorBody>) => {
      const timedOut = endLimit(error.config);
      const status = error.response?.status ?? 0;
      if (!error.config?.reachabilityProbe) {
        if (wasUnanswered(error, timedOut)) noteUnanswered(probe);
        else noteAnswered();
      }
      const serverMessage = error.response?.data?.message;
      // The API's own message when it sent one; else a sentence, not the transport's ('Network Error',
      // 'Request failed with status code 502').
      const message = timedOut
        ? TIMEOUT_MESSAGE
        : typeof serverMessage === 'string' && serverMessage
          ? serverMessage
          : status === 0
            ? NO_CONNECTION_MESSAGE
            : serverFaultMessage(status);
      if (status === 401 && endsSession(error)) {
        // The session's token was refused (expired or revoked): the shell signs out and says so, once.
        bus.emit({ type: 'auth/sessionExpired' });
      } else if (!error.config?.silent && !isStale401(error)) {
        bus.emit({ type: 'alert/show', alert: { type: 'danger', message } });
      }
      return Promise.reject(new ApiError(message, status, error.response?.data?.errors));
    },
  );
  return created;
}

/** A new axios instance with the handling above; `adapter` tells the transport that replaces axios's own, if any (tests). */
export function createApiInstance(adapter: () => AxiosRequestConfig['adapter']): AxiosInstance {
  return configure(axios.create(), adapter);
}
