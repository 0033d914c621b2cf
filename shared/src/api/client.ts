import type { AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios';
import type { ApiEnvelope } from '../contracts';
import { bus } from '../bus';
import { NO_CONNECTION_MESSAGE } from '../errorText';
import { ApiError } from './apiError';

export { ApiError, isSessionRefusal } from './apiError';
export { setTokenProvider } from './sessionToken';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Skip the spec section 8 alert for this call (the screen reports the outcome itself). */
    silent?: boolean;
    /** A 401 to this call does not mean the session ended (Logout revoking its own token). */
    ignoreSessionExpiry?: boolean;
    /** The call asks only whether the API answers (reachability.ts): its outcome starts or ends no watch. */
    reachabilityProbe?: boolean;
  }
}

/**
 * The axios instance, made with the first call: axios (about 17 KB gzip) and the handling of calls
 * (axiosClient.ts) are not part of the first load of a screen that calls no API yet, such as /login
 * (issue 12). A failed download is tried again by the next call.
 */
let instance: Promise<AxiosInstance> | null = null;

function client(): Promise<AxiosInstance> {
  instance ??= import(/* webpackChunkName: "axios" */ './axiosClient').then(
    ({ createApiInstance }) => createApiInstance(() => apiClient.defaults.adapter),
    (error: unknown) => {
      instance = null;
      // The download of the client failed: the app's server cannot be reached.
      console.error(error);
      bus.emit({ type: 'alert/show', alert: { type: 'danger', message: NO_CONNECTION_MESSAGE } });
      throw new ApiError(NO_CONNECTION_MESSAGE, 0);
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
  import(/* webpackChunkName: "axios" */ './axiosClient').catch(() => undefined);
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
