import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { AxiosError, CanceledError } from 'axios';
import { bus } from '../bus';
import { setRuntimeConfig } from '../config';
import type { Alert } from '../contracts';
import { REQUEST_TIMEOUT_MS, TIMEOUT_MESSAGE, UPLOAD_TIMEOUT_MS } from './axiosClient';
import { apiClient, ApiError, setTokenProvider } from './client';
import { fetchServices, storeContactUs, updateProfile } from './endpoints';

/** A fake axios adapter: records requests and answers with a status and a body. */
function fakeAdapter(status: number, body: unknown) {
  const requests: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    const response: AxiosResponse = { data: body, status, statusText: String(status), headers: {}, config };
    if (status >= 400) {
      throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, null, response);
    }
    return response;
  };
  return { adapter, requests };
}

describe('the API client (spec section 8)', () => {
  let alerts: Alert[];
  let subscription: { unsubscribe(): void };
  const original = apiClient.defaults.adapter;

  beforeEach(() => {
    alerts = [];
    subscription = bus.on('alert/show').subscribe((e) => alerts.push(e.alert));
    setRuntimeConfig({ apiUrl: 'http://api.test:4000' });
    setTokenProvider(() => null);
  });

  afterEach(() => {
    subscription.unsubscribe();
    apiClient.defaults.adapter = original;
  });

  it('calls the runtime-config base URL, with the Bearer token when there is one', async () => {
    const fake = fakeAdapter(200, { data: [{ id: 1, name: 'Driver' }], message: '' });
    apiClient.defaults.adapter = fake.adapter;
    await fetchServices();
    expect(fake.requests[0].baseURL).toBe('http://api.test:4000');
    expect(fake.requests[0].url).toBe('/api/services');
    expect(fake.requests[0].headers.get('Authorization')).toBeUndefined();

    setTokenProvider(() => 'tok123');
    await fetchServices();
    expect(fake.requests[1].headers.get('Authorization')).toBe('Bearer tok123');
  });

  it('200 with a message: a success alert with that message', async () => {
    apiClient.defaults.adapter = fakeAdapter(200, { data: null, message: 'Successfully send' }).adapter;
    await expect(storeContactUs({ title: 't', message: 'm' })).resolves.toEqual({ data: null, message: 'Successfully send' });
    expect(alerts).toEqual([{ type: 'success', message: 'Successfully send' }]);
  });

  it('400: a danger alert with the server message, and the call rejects with an ApiError', async () => {
    apiClient.defaults.adapter = fakeAdapter(400, { message: 'Please Enter Correct Email or Password' }).adapter;
    const call = storeContactUs({ title: '', message: '' });
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(call).rejects.toMatchObject({ status: 400, message: 'Please Enter Correct Email or Password' });
    expect(alerts).toEqual([{ type: 'danger', message: 'Please Enter Correct Email or Password' }]);
  });

  it('anything else: a danger alert with the error message', async () => {
    apiClient.defaults.adapter = fakeAdapter(500, 'oops').adapter;
    await expect(storeContactUs({ title: 'a', message: 'b' })).rejects.toMatchObject({ status: 500 });
    expect(alerts).toEqual([{ type: 'danger', message: 'Request failed with status code 500' }]);
  });

  it('a silent call reports nothing', async () => {
    apiClient.defaults.adapter = fakeAdapter(400, { message: 'nope' }).adapter;
    await expect(apiClient.post('/api/auth/logout', undefined, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(alerts).toEqual([]);
  });

  describe('a call that is never answered', () => {
    /** A server that takes the request and never answers; the transport gives up when the call's signal aborts, as axios's do. */
    const silentServer: AxiosAdapter = (config) =>
      new Promise((_resolve, reject) => {
        config.signal?.addEventListener?.('abort', () => reject(new CanceledError(undefined, config)));
      });

    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('fails after REQUEST_TIMEOUT_MS with a message that says so (status 0), instead of loading for ever', async () => {
      apiClient.defaults.adapter = silentServer;
      const call = fetchServices();
      const outcome = call.then(
        () => 'answered',
        (error: unknown) => error,
      );
      await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
      let settled = false;
      void outcome.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      const error = await outcome;
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 0, message: TIMEOUT_MESSAGE });
      expect(alerts).toEqual([{ type: 'danger', message: TIMEOUT_MESSAGE }]);
    });

    it('gives an upload (a form with a file) UPLOAD_TIMEOUT_MS', async () => {
      apiClient.defaults.adapter = silentServer;
      const outcome = updateProfile(new FormData()).catch((error: unknown) => error);
      await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      let settled = false;
      void outcome.then(() => (settled = true));
      await jest.advanceTimersByTimeAsync(UPLOAD_TIMEOUT_MS - REQUEST_TIMEOUT_MS - 1);
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      expect(await outcome).toMatchObject({ status: 0, message: TIMEOUT_MESSAGE });
    });

    it('an answer in time ends the limit: nothing fails later', async () => {
      apiClient.defaults.adapter = fakeAdapter(200, { data: [], message: '' }).adapter;
      await expect(fetchServices()).resolves.toEqual({ data: [], message: '' });
      await jest.advanceTimersByTimeAsync(UPLOAD_TIMEOUT_MS);
      expect(alerts).toEqual([]);
    });
  });
});
