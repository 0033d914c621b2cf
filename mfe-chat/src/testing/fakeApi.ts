/** A copy of mfe-auth's test helper (remotes do not import each other): fakes the shared API client's network. */
import type { InternalAxiosRequestConfig } from 'axios';
import { apiClient, bus, type BusEvent } from 'shared';

export interface FakeReply {
  status: number;
  data: unknown;
}
type Handler = FakeReply | ((config: InternalAxiosRequestConfig) => FakeReply | Promise<FakeReply>);

export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
}

/**
 * Replaces the network of the shared API client: requests are answered by `routes`, keyed
 * "METHOD /path". The real client interceptors (token, spec section 8 alerts, ApiError) still run.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const original = apiClient.defaults.adapter;
  apiClient.defaults.adapter = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    let body: unknown = config.data;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        /* keep the raw string */
      }
    }
    calls.push({ method, url, body });
    const handler = routes[`${method} ${url}`];
    if (!handler) throw new Error(`fakeApi: no route for ${method} ${url}`);
    const reply = typeof handler === 'function' ? await handler(config) : handler;
    const response = { data: reply.data, status: reply.status, statusText: '', headers: {}, config, request: {} };
    if (reply.status >= 200 && reply.status < 300) return response;
    throw Object.assign(new Error(`Request failed with status code ${reply.status}`), {
      isAxiosError: true,
      config,
      response,
    });
  };
  const restore = () => {
    apiClient.defaults.adapter = original;
    installed.delete(restore);
  };
  installed.add(restore);
  return { calls, restore };
}

/** Restore functions of the fake APIs still in place, newest last. */
const installed = new Set<() => void>();

/** Puts the real network adapter back, undoing every fake API a test left installed (newest first). */
export function restoreFakeApis() {
  for (const restore of [...installed].reverse()) restore();
}

export const ok = (data: unknown, message = 'OK'): FakeReply => ({ status: 200, data: { data, message } });
export const fail = (status: number, message: string): FakeReply => ({ status, data: { message } });

/** Records every bus event emitted while a test runs. */
export function recordBus() {
  const events: BusEvent[] = [];
  const subscription = bus.all().subscribe((event) => events.push(event));
  return {
    events,
    toasts: () => events.flatMap((e) => (e.type === 'toast/show' ? [{ kind: e.kind, message: e.message }] : [])),
    alerts: () => events.flatMap((e) => (e.type === 'alert/show' ? [e.alert] : [])),
    stop: () => subscription.unsubscribe(),
  };
}
