import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { AxiosError } from 'axios';
import { bus } from '../bus';
import { setRuntimeConfig } from '../config';
import type { BusEvent } from '../contracts';
import { apiClient, ApiError, setTokenProvider } from './client';

/** Answers every call with `status` and `body`; records the requests. */
function answer(status: number, body: unknown) {
  const requests: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    const response: AxiosResponse = { data: body, status, statusText: String(status), headers: {}, config };
    if (status >= 400)
      throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, null, response);
    return response;
  };
  apiClient.defaults.adapter = adapter;
  return requests;
}

describe('a 401 to the session token announces auth/sessionExpired (issue 11, item 5)', () => {
  let events: BusEvent[];
  let subscription: { unsubscribe(): void };
  const original = apiClient.defaults.adapter;

  beforeEach(() => {
    events = [];
    subscription = bus.all().subscribe((e) => events.push(e));
    setRuntimeConfig({ apiUrl: 'http://api.test:4000' });
  });
  afterEach(() => {
    subscription.unsubscribe();
    apiClient.defaults.adapter = original;
    setTokenProvider(() => null);
  });

  const expired = () => events.filter((e) => e.type === 'auth/sessionExpired');
  const alerts = () => events.filter((e) => e.type === 'alert/show');

  it('a signed-in call answered 401: the event, no generic alert, and the call still rejects', async () => {
    setTokenProvider(() => 'tok');
    answer(401, { message: 'Your session has expired. Please log in again.' });
    await expect(apiClient.get('/api/jobs')).rejects.toMatchObject({ status: 401 });
    expect(expired()).toHaveLength(1);
    expect(alerts()).toEqual([]);
  });

  it('a silent call too (the shell fetches notifications silently)', async () => {
    setTokenProvider(() => 'tok');
    answer(401, { message: 'Unauthenticated.' });
    await expect(apiClient.get('/api/notifications', { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(expired()).toHaveLength(1);
  });

  it('a wrong password at login (no token sent) is not an expiry: the usual alert with the server message', async () => {
    setTokenProvider(() => null);
    answer(401, { message: 'These credentials do not match our records.' });
    await expect(apiClient.post('/api/auth/login', { email: 'a@b.co', password: 'nope12' })).rejects.toMatchObject({
      status: 401,
    });
    expect(expired()).toEqual([]);
    expect(alerts()).toEqual([
      { type: 'alert/show', alert: { type: 'danger', message: 'These credentials do not match our records.' } },
    ]);
  });

  it('an answer to a token already replaced by a new sign-in is stale: no event', async () => {
    let token = 'old';
    setTokenProvider(() => token);
    const requests: InternalAxiosRequestConfig[] = [];
    apiClient.defaults.adapter = async (config) => {
      requests.push(config);
      token = 'new'; // signed in again while the old call was on its way
      throw new AxiosError('401', 'ERR_BAD_REQUEST', config, null, {
        data: { message: 'Unauthenticated.' },
        status: 401,
        statusText: '401',
        headers: {},
        config,
      });
    };
    await expect(apiClient.get('/api/jobs')).rejects.toMatchObject({ status: 401 });
    expect(requests[0].headers.get('Authorization')).toBe('Bearer old');
    expect(expired()).toEqual([]);
    expect(alerts()).toEqual([]);
  });

  it("calls still on their way when the session ended say nothing: the user reads only the expiry's message", async () => {
    let token: string | null = 'tok';
    setTokenProvider(() => token);
    bus.on('auth/sessionExpired').subscribe(() => (token = null)); // the shell ends the session
    answer(401, { message: 'Unauthenticated.' });
    const first = apiClient.get('/api/jobs');
    const second = apiClient.get('/api/notifications');
    await expect(first).rejects.toMatchObject({ status: 401 });
    await expect(second).rejects.toMatchObject({ status: 401 });
    expect(expired()).toHaveLength(1);
    expect(alerts()).toEqual([]);
  });

  it('a call that opts out (Logout) is not an expiry; other statuses never are', async () => {
    setTokenProvider(() => 'tok');
    answer(401, { message: 'Unauthenticated.' });
    await expect(
      apiClient.post('/api/auth/logout', undefined, { silent: true, ignoreSessionExpiry: true }),
    ).rejects.toBeInstanceOf(ApiError);
    answer(403, { message: 'This job is not yours.' });
    await expect(apiClient.get('/api/jobs/1')).rejects.toMatchObject({ status: 403 });
    answer(429, { message: 'Too many login attempts. Please try again in 60 seconds.' });
    await expect(apiClient.post('/api/auth/login', {})).rejects.toMatchObject({ status: 429 });
    expect(expired()).toEqual([]);
  });
});
