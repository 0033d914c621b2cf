import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { AxiosError } from 'axios';
import { bus } from '../bus';
import { onCatchUp } from '../catchUp';
import { setRuntimeConfig } from '../config';
import { apiClient, setTokenProvider } from './client';
import { fetchJobs, fetchServices } from './endpoints';
import { isWatchingApi, PROBE_FIRST_DELAY_MS, PROBE_MAX_DELAY_MS, resetApiWatch } from './reachability';

/**
 * A fake API behind the client: `down` answers nothing at all (or a gateway's 502), `brokenPath` fails alone
 * while the rest answers. Records every path asked.
 */
function fakeApi() {
  const api = { down: false as false | 'no answer' | 'gateway', brokenPath: null as string | null, asked: [] as string[] };
  const answer = (config: InternalAxiosRequestConfig, status: number, data: unknown): AxiosResponse => ({
    data,
    status,
    statusText: String(status),
    headers: {},
    config,
  });
  const adapter: AxiosAdapter = async (config) => {
    const path = config.url ?? '';
    api.asked.push(path);
    if (api.down === 'no answer' || api.brokenPath === path) {
      throw new AxiosError('Network Error', 'ERR_NETWORK', config, {});
    }
    if (api.down === 'gateway') {
      const response = answer(config, 502, '<h1>502 Bad Gateway</h1>');
      throw new AxiosError('Request failed with status code 502', 'ERR_BAD_RESPONSE', config, {}, response);
    }
    return answer(config, 200, { data: [], message: '' });
  };
  return { api, adapter };
}

const probesAsked = (asked: string[]) => asked.filter((path) => path === '/api/health').length;

describe('the API back after an outage (reachability)', () => {
  const original = apiClient.defaults.adapter;
  let announced: number;
  let subscription: { unsubscribe(): void };
  let alerts: { unsubscribe(): void };

  beforeEach(() => {
    jest.useFakeTimers();
    setRuntimeConfig({ apiUrl: 'http://api.test:4000' });
    setTokenProvider(() => 'tok');
    announced = 0;
    subscription = bus.on('api/back').subscribe(() => (announced += 1));
    alerts = bus.on('alert/show').subscribe(() => undefined);
  });

  afterEach(() => {
    subscription.unsubscribe();
    alerts.unsubscribe();
    resetApiWatch();
    apiClient.defaults.adapter = original;
    jest.useRealTimers();
  });

  it('a call unanswered while the API is down: probes further and further apart, and api/back once it answers', async () => {
    const { api, adapter } = fakeApi();
    apiClient.defaults.adapter = adapter;
    api.down = 'no answer';
    await expect(fetchJobs()).rejects.toMatchObject({ status: 0 });
    await jest.advanceTimersByTimeAsync(0);
    expect(probesAsked(api.asked)).toBe(1);
    await jest.advanceTimersByTimeAsync(PROBE_FIRST_DELAY_MS);
    expect(probesAsked(api.asked)).toBe(2);
    await jest.advanceTimersByTimeAsync(2 * PROBE_FIRST_DELAY_MS);
    expect(probesAsked(api.asked)).toBe(3);
    // Half of the next wait (4 s): no probe yet.
    await jest.advanceTimersByTimeAsync(2 * PROBE_FIRST_DELAY_MS);
    expect(probesAsked(api.asked)).toBe(3);
    // Never more often than the longest wait, however long the outage.
    await jest.advanceTimersByTimeAsync(10 * PROBE_MAX_DELAY_MS);
    const during = probesAsked(api.asked);
    expect(during).toBeLessThanOrEqual(4 + 10 + 1);
    expect(announced).toBe(0);

    api.down = false;
    await jest.advanceTimersByTimeAsync(PROBE_MAX_DELAY_MS);
    expect(announced).toBe(1);
    expect(isWatchingApi()).toBe(false);
    const after = probesAsked(api.asked);
    await jest.advanceTimersByTimeAsync(10 * PROBE_MAX_DELAY_MS);
    expect(probesAsked(api.asked)).toBe(after);
    expect(announced).toBe(1);
  });

  it('a gateway answering 502 for the API counts as no answer', async () => {
    const { api, adapter } = fakeApi();
    apiClient.defaults.adapter = adapter;
    api.down = 'gateway';
    await expect(fetchServices()).rejects.toMatchObject({ status: 502 });
    await jest.advanceTimersByTimeAsync(3 * PROBE_FIRST_DELAY_MS);
    expect(isWatchingApi()).toBe(true);
    api.down = false;
    await jest.advanceTimersByTimeAsync(PROBE_MAX_DELAY_MS);
    expect(announced).toBe(1);
  });

  it('one route failing while the API answers: one probe, no api/back, so screens do not read again and again', async () => {
    const { api, adapter } = fakeApi();
    apiClient.defaults.adapter = adapter;
    api.brokenPath = '/api/jobs';
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await expect(fetchJobs()).rejects.toMatchObject({ status: 0 });
      await jest.advanceTimersByTimeAsync(PROBE_MAX_DELAY_MS);
    }
    expect(probesAsked(api.asked)).toBe(3);
    expect(announced).toBe(0);
    expect(isWatchingApi()).toBe(false);
  });

  it('while the API is down, any call answered (a Retry pressed) announces api/back at once', async () => {
    const { api, adapter } = fakeApi();
    apiClient.defaults.adapter = adapter;
    api.down = 'no answer';
    await expect(fetchJobs()).rejects.toMatchObject({ status: 0 });
    await jest.advanceTimersByTimeAsync(0);
    expect(isWatchingApi()).toBe(true);
    api.down = false;
    await fetchServices();
    expect(announced).toBe(1);
    expect(isWatchingApi()).toBe(false);
  });

  it('a call its caller called off starts no watch', async () => {
    const { api, adapter } = fakeApi();
    apiClient.defaults.adapter = async (config) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      return adapter(config);
    };
    const controller = new AbortController();
    const call = apiClient.get('/api/jobs', { signal: controller.signal });
    controller.abort();
    const calledOff = expect(call).rejects.toMatchObject({ status: 0 });
    await jest.advanceTimersByTimeAsync(1_000);
    await calledOff;
    await jest.advanceTimersByTimeAsync(PROBE_MAX_DELAY_MS);
    expect(api.asked).toEqual([]);
    expect(isWatchingApi()).toBe(false);
  });

  it('onCatchUp hears the API back and the realtime channel subscribed again', () => {
    const heard: number[] = [];
    const listening = onCatchUp(() => heard.push(heard.length));
    bus.emit({ type: 'api/back' });
    bus.emit({ type: 'realtime/subscribed' });
    listening.unsubscribe();
    bus.emit({ type: 'api/back' });
    expect(heard).toEqual([0, 1]);
  });
});
