import { bus } from '../bus';
import { DEFAULT_RUNTIME_CONFIG } from '../config';
import type { BusEvent } from '../contracts';
import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { apiClient, markChatRead, sendMessage } from '../api';
import { CHANNEL_RETRY_FIRST_MS, SERVER_BACK_PROBE_MS } from './connection';
import { connectRealtime, disconnectRealtime, realtimeSocketId } from './index';

type Handler = (data: unknown) => void;

const channels: Record<string, { handlers: Record<string, Handler>; unbind_all: jest.Mock }> = {};
const instances: {
  key: string;
  options: Record<string, unknown>;
  disconnect: jest.Mock;
  connect: jest.Mock;
  unsubscribe: jest.Mock;
  subscribe: jest.Mock;
  connection: { handlers: Record<string, Handler>; socket_id?: string };
}[] = [];

jest.mock('pusher-js', () => ({
  __esModule: true,
  default: jest.fn().mockImplementation((key: string, options: Record<string, unknown>) => {
    const ownChannels = new Map<string, (typeof channels)[string]>();
    const instance = {
      key,
      options,
      disconnect: jest.fn(),
      connect: jest.fn(),
      unsubscribe: jest.fn(),
      connection: {
        handlers: {} as Record<string, Handler>,
        socket_id: undefined as string | undefined,
        bind(event: string, handler: Handler) {
          instance.connection.handlers[event] = handler;
        },
      },
      // As pusher-js: subscribing again to a channel of the connection returns the same channel.
      subscribe: jest.fn((name: string) => {
        const existing = ownChannels.get(name);
        if (existing) return existing;
        const channel = {
          handlers: {} as Record<string, Handler>,
          unbind_all: jest.fn(),
          bind(event: string, handler: Handler) {
            channel.handlers[event] = handler;
          },
        };
        ownChannels.set(name, channel);
        channels[name] = channel;
        return channel;
      }),
    };
    instances.push(instance);
    return instance;
  }),
}));

describe('the realtime connection (pusher-js mocked)', () => {
  let events: BusEvent[];
  let subscription: { unsubscribe(): void };

  beforeEach(() => {
    events = [];
    subscription = bus.all().subscribe((e) => events.push(e));
  });
  afterEach(() => {
    subscription.unsubscribe();
    disconnectRealtime();
  });

  it('subscribes to private-message.{userId}, authorised with the Bearer token at {apiUrl}/broadcasting/auth', async () => {
    const config = { ...DEFAULT_RUNTIME_CONFIG, apiUrl: 'http://api.test:4000/' };
    await connectRealtime({ userId: 42, token: 'tok', config });
    const pusher = instances.at(-1)!;
    expect(pusher.key).toBe('app-key');
    expect(pusher.options).toMatchObject({
      wsHost: 'localhost',
      wsPort: 6001,
      forceTLS: false,
      enabledTransports: ['ws'],
      channelAuthorization: { endpoint: 'http://api.test:4000/broadcasting/auth', headers: { Authorization: 'Bearer tok' } },
    });
    expect(Object.keys(channels)).toContain('private-message.42');
    disconnectRealtime();
    await connectRealtime({ userId: 43, token: 'tok', config: { ...config, realtime: { ...config.realtime, forceTLS: true } } });
    expect(instances.at(-1)!.options).toMatchObject({ forceTLS: true, enabledTransports: ['wss'] });
  });

  it("a message sent while connected names this tab's connection (X-Socket-ID), so the API does not echo it here", async () => {
    const requests: InternalAxiosRequestConfig[] = [];
    const adapter: AxiosAdapter = async (config) => {
      requests.push(config);
      return { data: { data: { id: 9 }, message: 'Message sent' }, status: 201, statusText: '201', headers: {}, config };
    };
    const original = apiClient.defaults.adapter;
    apiClient.defaults.adapter = adapter;
    try {
      const body = { customer_id: 1, provider_id: 2, message_type: 'text' as const, message: 'Hi' };
      await sendMessage(body, { silent: true });
      expect(requests[0].headers.get('X-Socket-ID')).toBeUndefined(); // not connected

      await connectRealtime({ userId: 5, token: 'tok5' });
      const pusher = instances.at(-1)!;
      expect(realtimeSocketId()).toBeUndefined(); // connecting: no id yet
      pusher.connection.socket_id = '1234.5678';
      expect(realtimeSocketId()).toBe('1234.5678');
      await sendMessage(body, { silent: true });
      expect(requests[1].headers.get('X-Socket-ID')).toBe('1234.5678');

      disconnectRealtime();
      expect(realtimeSocketId()).toBeUndefined();
    } finally {
      apiClient.defaults.adapter = original;
    }
  });

  it("reading a chat while connected names this tab's connection (X-Socket-ID): its ChatRead is not echoed here", async () => {
    const requests: InternalAxiosRequestConfig[] = [];
    const adapter: AxiosAdapter = async (config) => {
      requests.push(config);
      return {
        data: { data: { chat_id: 3, unread_count: 0, unread_total: 0 } },
        status: 200,
        statusText: '200',
        headers: {},
        config,
      };
    };
    const original = apiClient.defaults.adapter;
    apiClient.defaults.adapter = adapter;
    try {
      await connectRealtime({ userId: 8, token: 'tok8' });
      instances.at(-1)!.connection.socket_id = '8765.4321';
      await markChatRead(3, { silent: true });
      expect(requests[0].url).toBe('/api/chats/3/read');
      expect(requests[0].headers.get('X-Socket-ID')).toBe('8765.4321');
    } finally {
      apiClient.defaults.adapter = original;
    }
  });

  it('fans a Notification that carries its notification out as notifications/arrived before notifications/changed', async () => {
    await connectRealtime({ userId: 6, token: 'tok6' });
    const notification = {
      id: 31,
      title: 'Job',
      description: 'Asha Verma has requested a Driver booking.',
      user: { avatar: null, full_name: 'Asha Verma' },
      read: false,
      job_id: 12,
      chat_id: null,
    };
    channels['private-message.6'].handlers.Notification(notification);
    expect(events).toEqual([{ type: 'notifications/arrived', notification }, { type: 'notifications/changed' }]);
  });

  it('fans the Message event out on the bus as realtime/message, Notification and NotificationsRead as notifications/changed', async () => {
    await connectRealtime({ userId: 7, token: 'tok7' });
    const channel = channels['private-message.7'];
    const message = { id: 1, chat_id: 2, from_id: 3, message: 'hello', message_type: 'text', created_at: '2025-01-01T00:00:00Z' };
    channel.handlers.Message({ message });
    channel.handlers.Message(message);
    channel.handlers.Notification({});
    channel.handlers.NotificationsRead({});
    expect(events).toEqual([
      { type: 'realtime/message', message },
      { type: 'realtime/message', message },
      { type: 'notifications/changed' },
      { type: 'notifications/changed' },
    ]);
  });

  describe('a Message whose text was left out of the event (message_omitted: too big for a realtime event)', () => {
    const whole = {
      id: 21,
      chat_id: 4,
      from_id: 3,
      message: '\u{1F600}'.repeat(5000),
      message_type: 'text',
      attachment: null,
      created_at: '2025-01-01T00:00:00.000Z',
      attachment_name: null,
      attachment_size: null,
    };
    const omitted = { ...whole, message: '', message_omitted: true };
    let requests: InternalAxiosRequestConfig[];
    let answer: (config: InternalAxiosRequestConfig) => Promise<AxiosResponse>;
    const original = apiClient.defaults.adapter;
    beforeEach(() => {
      requests = [];
      apiClient.defaults.adapter = (config) => {
        requests.push(config);
        return answer(config);
      };
    });
    afterEach(() => {
      apiClient.defaults.adapter = original;
    });
    const reply = (config: InternalAxiosRequestConfig, status: number, data: unknown): AxiosResponse => ({
      data,
      status,
      statusText: String(status),
      headers: {},
      config,
    });
    /** Lets the fetch (axios loaded on demand, the fake API's answer) run its course. */
    const settled = async (done: () => boolean) => {
      for (let i = 0; i < 100 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
      await new Promise((r) => setTimeout(r, 20));
    };

    it('is fetched whole through the API and fanned out as realtime/message, never with the empty text', async () => {
      answer = async (config) => reply(config, 200, { data: whole, message: 'Success' });
      await connectRealtime({ userId: 13, token: 'tok13' });
      channels['private-message.13'].handlers.Message(omitted);
      expect(events).toEqual([]);
      await settled(() => events.length > 0);
      expect(requests.map((r) => [r.method, r.url])).toEqual([['get', '/api/chats/4/messages/21']]);
      // Only the whole message: no alert, no message with the empty text before it.
      expect(events).toEqual([{ type: 'realtime/message', message: whole }]);
    });

    it('when the fetch fails, a warning is logged and nothing is told (no alert either)', async () => {
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      try {
        answer = async (config) => {
          const response = reply(config, 500, { message: 'Server Error' });
          throw new AxiosError('Request failed with status code 500', AxiosError.ERR_BAD_RESPONSE, config, null, response);
        };
        await connectRealtime({ userId: 14, token: 'tok14' });
        channels['private-message.14'].handlers.Message(omitted);
        await settled(() => warn.mock.calls.length > 0);
        expect(requests.map((r) => r.url)).toEqual(['/api/chats/4/messages/21']);
        expect(warn).toHaveBeenCalledWith(
          'realtime: the message left out of its event could not be fetched',
          21,
          expect.anything(),
        );
        expect(events).toEqual([]);
      } finally {
        warn.mockRestore();
      }
    });

    it('fetched after the connection was closed (logout), it is not told', async () => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      answer = async (config) => {
        await released;
        return reply(config, 200, { data: whole, message: 'Success' });
      };
      await connectRealtime({ userId: 15, token: 'tok15' });
      channels['private-message.15'].handlers.Message(omitted);
      await settled(() => requests.length > 0);
      expect(requests).toHaveLength(1);
      disconnectRealtime();
      await Promise.resolve();
      release();
      await new Promise((r) => setTimeout(r, 50));
      expect(events).toEqual([]);
    });
  });

  it("fans ChatRead (a chat read in the user's other tab) out on the bus as chat/read with the chat's id", async () => {
    await connectRealtime({ userId: 8, token: 'tok8' });
    const channel = channels['private-message.8'];
    channel.handlers.ChatRead({ chat_id: 4 });
    channel.handlers.ChatRead({});
    expect(events).toEqual([{ type: 'chat/read', chatId: 4 }]);
  });

  it("fans PaymentMethods (cards changed in the user's other tab or device) out on the bus as payments/changed", async () => {
    await connectRealtime({ userId: 10, token: 'tok10' });
    channels['private-message.10'].handlers.PaymentMethods({});
    expect(events).toEqual([{ type: 'payments/changed' }]);
  });

  it("fans Profile (the profile or services changed in the user's other tab or device) out on the bus as profile/changed", async () => {
    await connectRealtime({ userId: 10, token: 'tok10' });
    channels['private-message.10'].handlers.Profile({});
    expect(events).toEqual([{ type: 'profile/changed' }]);
  });

  it("announces the connection's state as realtime/state (the shell tells the user when the server cannot be reached)", async () => {
    const originalFetch = global.fetch;
    global.fetch = jest.fn(() => new Promise<Response>(() => undefined)); // the API, asked once given up, does not answer yet
    await connectRealtime({ userId: 9, token: 'tok9' });
    const { handlers } = instances.at(-1)!.connection;
    handlers.state_change({ previous: 'connected', current: 'unavailable' });
    handlers.state_change({ previous: 'unavailable', current: 'connected' });
    global.fetch = originalFetch;
    expect(events).toEqual([
      { type: 'realtime/state', state: 'unavailable' },
      { type: 'realtime/state', state: 'connected' },
    ]);
  });

  it('a connection that gave up asks the API every few seconds, and connects at once when it answers again', async () => {
    const fetchMock = jest.fn<Promise<unknown>, [string, RequestInit]>().mockRejectedValue(new TypeError('Failed to fetch'));
    const originalFetch = global.fetch;
    global.fetch = fetchMock as unknown as typeof fetch;
    jest.useFakeTimers();
    try {
      const connecting = connectRealtime({
        userId: 12,
        token: 'tok12',
        config: { ...DEFAULT_RUNTIME_CONFIG, apiUrl: 'http://api.test' },
      });
      await jest.advanceTimersByTimeAsync(0);
      await connecting;
      const pusher = instances.at(-1)!;
      // Connected, nothing is asked.
      await jest.advanceTimersByTimeAsync(SERVER_BACK_PROBE_MS * 2);
      expect(fetchMock).not.toHaveBeenCalled();

      // Given up: the API is asked at once, then every few seconds; each answer is told.
      pusher.connection.handlers.state_change({ previous: 'connecting', current: 'unavailable' });
      await jest.advanceTimersByTimeAsync(0);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(fetchMock.mock.calls[0][0]).toBe('http://api.test/api/chats/unread');
      await jest.advanceTimersByTimeAsync(SERVER_BACK_PROBE_MS);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(pusher.connect).not.toHaveBeenCalled(); // still down
      const reachability = () => events.filter((e) => e.type === 'realtime/apiReachable');
      expect(reachability()).toEqual([
        { type: 'realtime/apiReachable', reachable: false },
        { type: 'realtime/apiReachable', reachable: false },
      ]);

      fetchMock.mockResolvedValue({ status: 200 });
      // pusher-js says 'disconnected' at once when told to disconnect: that reconnect is no close.
      pusher.disconnect.mockImplementation(() =>
        pusher.connection.handlers.state_change({ previous: 'unavailable', current: 'disconnected' }),
      );
      await jest.advanceTimersByTimeAsync(SERVER_BACK_PROBE_MS);
      expect(pusher.disconnect).toHaveBeenCalledTimes(1);
      expect(pusher.connect).toHaveBeenCalledTimes(1);
      expect(reachability().at(-1)).toEqual({ type: 'realtime/apiReachable', reachable: true });
      expect(events).not.toContainEqual({ type: 'realtime/state', state: 'disconnected' });
      // Asked no more once it reconnected.
      pusher.connection.handlers.state_change({ previous: 'connecting', current: 'connected' });
      const asked = fetchMock.mock.calls.length;
      await jest.advanceTimersByTimeAsync(SERVER_BACK_PROBE_MS * 3);
      expect(fetchMock).toHaveBeenCalledTimes(asked);
    } finally {
      jest.useRealTimers();
      global.fetch = originalFetch;
    }
  });

  it('fans the Job event out as job/updated with the job, and ignores a payload that is not a job', async () => {
    await connectRealtime({ userId: 8, token: 'tok8' });
    const channel = channels['private-message.8'];
    const job = { id: 5, status: 'Accepted', service_id: 1, service_name: 'Driver', customer_id: 8, provider_id: 9 };
    channel.handlers.Job(job);
    channel.handlers.Job({ nope: true });
    channel.handlers.Job(null);
    expect(events).toEqual([{ type: 'job/updated', job }]);
  });

  it('announces a (re)started subscription as realtime/subscribed, so live lists catch up', async () => {
    await connectRealtime({ userId: 11, token: 'tok11' });
    channels['private-message.11'].handlers['pusher:subscription_succeeded']({});
    expect(events).toEqual([{ type: 'realtime/subscribed' }]);
  });

  it('refused its channel (401: the token was revoked), asks the API who the session is, so that a refused token ends it', async () => {
    const requests: InternalAxiosRequestConfig[] = [];
    const original = apiClient.defaults.adapter;
    apiClient.defaults.adapter = async (config) => {
      requests.push(config);
      return { data: { data: { id: 12 }, message: '' }, status: 200, statusText: '200', headers: {}, config };
    };
    try {
      await connectRealtime({ userId: 12, token: 'tok12' });
      const handlers = channels['private-message.12'].handlers;
      handlers['pusher:subscription_error']({ type: 'AuthError', error: 'Server error', status: 500 });
      expect(requests).toHaveLength(0);
      handlers['pusher:subscription_error']({ type: 'AuthError', error: 'Unauthenticated.', status: 401 });
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(requests.map((r) => r.url)).toEqual(['/api/auth/me']);
      expect(requests[0].silent).toBe(true);
    } finally {
      apiClient.defaults.adapter = original;
    }
  });

  it('a channel whose authorisation went unanswered (the API unreachable, a 5xx) is asked for again, backing off, until granted', async () => {
    await connectRealtime({ userId: 13, token: 'tok13' });
    const pusher = instances.at(-1)!;
    const handlers = channels['private-message.13'].handlers;
    expect(pusher.subscribe).toHaveBeenCalledTimes(1);
    jest.useFakeTimers();
    try {
      handlers['pusher:subscription_error']({ type: 'AuthError', error: 'Network error', status: 0 });
      // Another refusal while one is waiting does not start a second wait.
      handlers['pusher:subscription_error']({ type: 'AuthError', error: 'Network error', status: 0 });
      jest.advanceTimersByTime(CHANNEL_RETRY_FIRST_MS - 1);
      expect(pusher.subscribe).toHaveBeenCalledTimes(1);
      jest.advanceTimersByTime(1);
      expect(pusher.subscribe).toHaveBeenCalledTimes(2);
      expect(pusher.subscribe).toHaveBeenLastCalledWith('private-message.13');
      handlers['pusher:subscription_error']({ type: 'AuthError', error: 'Bad Gateway', status: 502 });
      jest.advanceTimersByTime(2 * CHANNEL_RETRY_FIRST_MS - 1);
      expect(pusher.subscribe).toHaveBeenCalledTimes(2);
      jest.advanceTimersByTime(1);
      expect(pusher.subscribe).toHaveBeenCalledTimes(3);
      handlers['pusher:subscription_succeeded']({});
      expect(events).toEqual([{ type: 'realtime/subscribed' }]);
      // Granted: nothing more is asked; a later refusal starts from the first wait again.
      jest.advanceTimersByTime(60_000);
      expect(pusher.subscribe).toHaveBeenCalledTimes(3);
      handlers['pusher:subscription_error']({ type: 'AuthError', error: 'Server error', status: 500 });
      jest.advanceTimersByTime(CHANNEL_RETRY_FIRST_MS);
      expect(pusher.subscribe).toHaveBeenCalledTimes(4);
      // Forbidden (not this user's channel) is not asked again; nor anything once disconnected.
      handlers['pusher:subscription_error']({ type: 'AuthError', error: 'Forbidden', status: 403 });
      jest.advanceTimersByTime(60_000);
      expect(pusher.subscribe).toHaveBeenCalledTimes(4);
      handlers['pusher:subscription_error']({ type: 'AuthError', error: 'Network error', status: 0 });
      disconnectRealtime();
      await Promise.resolve();
      await Promise.resolve();
      expect(pusher.disconnect).toHaveBeenCalled();
      jest.advanceTimersByTime(60_000);
      expect(pusher.subscribe).toHaveBeenCalledTimes(4);
    } finally {
      jest.useRealTimers();
    }
  });

  it('connects once per user and disconnects on logout', async () => {
    const before = instances.length;
    const first = connectRealtime({ userId: 9, token: 'a' });
    const again = connectRealtime({ userId: 9, token: 'a' });
    expect(again).toBe(first);
    await first;
    expect(instances.length).toBe(before + 1);
    const pusher = instances.at(-1)!;
    disconnectRealtime();
    await Promise.resolve();
    await Promise.resolve();
    expect(pusher.disconnect).toHaveBeenCalled();
    // Nothing is sent on a connection being closed.
    expect(pusher.unsubscribe).not.toHaveBeenCalled();
  });
});
