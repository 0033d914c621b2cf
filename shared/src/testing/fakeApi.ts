/**
 * Faking the shared API client's network in the apps' Jest suites (never imported by app code):
 *
 *   const api = fakeApi({ 'GET /api/jobs': ok([job]) });
 */
import type { InternalAxiosRequestConfig } from 'axios';
import { apiClient, bus, type BusEvent } from 'shared';

const PROBE = 'GET /api/health';

export interface FakeReply {
  status: number;
  data: unknown;
}
export type Handler = FakeReply | ((config: InternalAxiosRequestConfig) => FakeReply | Promise<FakeReply>);

export interface RecordedCall {
  method: string;
  url: string;
  params: unknown;
  body: unknown;
}

/**
 * Replaces the network of the shared API client: requests are answered by `routes`, keyed
 * "METHOD /path" (query parameters are not part of the key; they are recorded in `calls`). The real
 * client interceptors (token, spec section 8 alerts, ApiError) still run.
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
    const key = `${method} ${url}`;
    // The reachability probe (api/reachability.ts) a call without an answer sets off: the fake API is up
    // unless the test says otherwise, and its probes are not among the screen's calls.
    if (key === PROBE && !(key in routes))
      return { data: { data: null, message: 'OK' }, status: 200, statusText: '', headers: {}, config };
    calls.push({ method, url, params: config.params, body });
    const handler = routes[key];
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
  /** The calls made with `method` to `url`. */
  const callsTo = (method: string, url: string) => calls.filter((c) => c.method === method && c.url === url);
  /** Every call that changed something (anything but GET). */
  const writes = () => calls.filter((c) => c.method !== 'GET');
  return { calls, callsTo, writes, restore };
}

const installed = new Set<() => void>();

/** Puts the real network adapter back, undoing every fake API a test left installed (newest first). */
export function restoreFakeApis() {
  for (const restore of [...installed].reverse()) restore();
}

export const ok = (data: unknown, message = 'Success', status = 200): FakeReply => ({ status, data: { data, message } });
export const fail = (status: number, message: string, errors?: Record<string, string[]>): FakeReply => ({
  status,
  data: errors ? { message, errors } : { message },
});

/** A reply that waits until `release()` is called: for asserting what the screen shows while a call is in flight. */
export function deferred(reply: FakeReply) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const handler = async (): Promise<FakeReply> => {
    await gate;
    return reply;
  };
  return { handler, release: () => release() };
}

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
