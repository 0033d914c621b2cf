import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { AxiosError, CanceledError } from 'axios';
import { bus } from '../bus';
import { setRuntimeConfig } from '../config';
import type { Alert } from '../contracts';
import { NO_CONNECTION_MESSAGE, serverFaultMessage } from '../errorText';
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

  it("anything else: a danger alert with the error message, the server's when it sent one", async () => {
    apiClient.defaults.adapter = fakeAdapter(409, { message: 'This job has already been rated.' }).adapter;
    await expect(storeContactUs({ title: 'a', message: 'b' })).rejects.toMatchObject({ status: 409 });
    expect(alerts).toEqual([{ type: 'danger', message: 'This job has already been rated.' }]);
  });

  it("a fault answered without the API's message (a gateway's page) is said in a sentence, not as the transport's text", async () => {
    apiClient.defaults.adapter = fakeAdapter(502, '<html><body>Bad Gateway</body></html>').adapter;
    await expect(storeContactUs({ title: 'a', message: 'b' })).rejects.toMatchObject({
      status: 502,
      message: serverFaultMessage(502),
    });
    expect(alerts).toEqual([
      { type: 'danger', message: 'The server could not complete this just now (error 502). Please try again.' },
    ]);
  });

  it('no answer at all says the server cannot be reached, not "Network Error"', async () => {
    apiClient.defaults.adapter = (config) => Promise.reject(new AxiosError('Network Error', 'ERR_NETWORK', config));
    await expect(storeContactUs({ title: 'a', message: 'b' })).rejects.toMatchObject({
      status: 0,
      message: NO_CONNECTION_MESSAGE,
    });
    expect(alerts).toEqual([{ type: 'danger', message: 'The server cannot be reached. Check your connection and retry.' }]);
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
