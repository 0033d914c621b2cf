import type { AxiosError, AxiosInstance, AxiosRequestConfig, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
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

/**
 * Whether a 401 means the signed-in session is over: the call carried the session's current token
 * (a wrong password at login carries none; an answer to a token already replaced by a new sign-in
 * is stale) and did not opt out.
 */
function endsSession(error: AxiosError): boolean {
  if (error.config?.ignoreSessionExpiry) return false;
  const current = tokenProvider();
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
  (config.signal as AbortSignal | undefined)?.addEventListener?.('abort', () => controller.abort());
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

/** Adds the client's request and response handling to a new axios instance. */
function configure(created: AxiosInstance): AxiosInstance {
  created.interceptors.request.use((config) => {
    if (apiClient.defaults.adapter) config.adapter = apiClient.defaults.adapter;
    config.baseURL = getRuntimeConfig().apiUrl;
    const token = tokenProvider();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    limitTime(config);
    return config;
  });

  /** Spec section 8, in one place: 400 → danger alert with the server message; 200 → success alert; else danger alert. */
  created.interceptors.response.use(
    (response) => {
      endLimit(response.config);
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
      const serverMessage = error.response?.data?.message;
      const message = timedOut
        ? TIMEOUT_MESSAGE
        : status === 400 && serverMessage
          ? serverMessage
          : serverMessage || error.message || 'Network Error';
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

/**
 * The axios instance, made with the first call: axios (about 17 KB gzip) is not part of the first load
 * of a screen that calls no API yet, such as /login (issue 12). A failed download is tried again by the
 * next call.
 */
let instance: Promise<AxiosInstance> | null = null;

function client(): Promise<AxiosInstance> {
  instance ??= import(/* webpackChunkName: "axios" */ 'axios').then(
    ({ default: axios }) => configure(axios.create()),
    (error: unknown) => {
      instance = null;
      const message = error instanceof Error && error.message ? error.message : 'Network Error';
      bus.emit({ type: 'alert/show', alert: { type: 'danger', message } });
      throw new ApiError(message, 0);
    },
  );
  return instance;
}

/**
 * Starts loading axios now, so that the first call does not wait for it: for a signed-in start, whose
 * first screen calls the API at once (issue 12).
 */
export function preloadApiClient(): void {
  // Silently: a failed download is tried again, and reported, by the first call.
  import(/* webpackChunkName: "axios" */ 'axios').catch(() => undefined);
}

type Method = 'request' | 'get' | 'delete' | 'post' | 'put' | 'patch';

/** `apiClient[method]`: the axios instance's method, once the instance is there. */
function lazyMethod<M extends Method>(method: M): AxiosInstance[M] {
  const call = (...args: unknown[]) =>
    client().then((created) => (created[method] as (...a: unknown[]) => Promise<unknown>).apply(created, args));
  return call as AxiosInstance[M];
}

/**
 * The one API client (an axios instance's request methods, with the handling above). `defaults.adapter`
 * replaces the transport (tests: a fake API).
 */
export const apiClient = {
  defaults: {} as { adapter?: AxiosRequestConfig['adapter'] },
  request: lazyMethod('request'),
  get: lazyMethod('get'),
  delete: lazyMethod('delete'),
  post: lazyMethod('post'),
  put: lazyMethod('put'),
  patch: lazyMethod('patch'),
};

/** Resolves to the `{ data, message }` envelope of a call. */
export async function unwrap<T>(request: Promise<AxiosResponse<ApiEnvelope<T>>>): Promise<ApiEnvelope<T>> {
  const response = await request;
  return response.data;
}
