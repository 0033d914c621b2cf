import { bus } from '../bus';
import { DEFAULT_RUNTIME_CONFIG } from '../config';
import type { BusEvent } from '../contracts';
import { connectRealtime, disconnectRealtime } from './index';

type Handler = (data: unknown) => void;

const channels: Record<string, { handlers: Record<string, Handler>; unbind_all: jest.Mock }> = {};
const instances: {
  key: string;
  options: Record<string, unknown>;
  disconnect: jest.Mock;
  unsubscribe: jest.Mock;
  connection: { handlers: Record<string, Handler> };
}[] = [];

jest.mock('pusher-js', () => ({
  __esModule: true,
  default: jest.fn().mockImplementation((key: string, options: Record<string, unknown>) => {
    const instance = {
      key,
      options,
      disconnect: jest.fn(),
      unsubscribe: jest.fn(),
      connection: {
        handlers: {} as Record<string, Handler>,
        bind(event: string, handler: Handler) {
          instance.connection.handlers[event] = handler;
        },
      },
      subscribe(name: string) {
        const channel = {
          handlers: {} as Record<string, Handler>,
          unbind_all: jest.fn(),
          bind(event: string, handler: Handler) {
            channel.handlers[event] = handler;
          },
        };
        channels[name] = channel;
        return channel;
      },
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
      channelAuthorization: { endpoint: 'http://api.test:4000/broadcasting/auth', headers: { Authorization: 'Bearer tok' } },
    });
    expect(Object.keys(channels)).toContain('private-message.42');
  });

  it('fans the Message event out on the bus as realtime/message, and Notification as notifications/changed', async () => {
    await connectRealtime({ userId: 7, token: 'tok7' });
    const channel = channels['private-message.7'];
    const message = { id: 1, chat_id: 2, from_id: 3, message: 'hello', message_type: 'text', created_at: '2025-01-01T00:00:00Z' };
    channel.handlers.Message({ message });
    channel.handlers.Message(message);
    channel.handlers.Notification({});
    expect(events).toEqual([
      { type: 'realtime/message', message },
      { type: 'realtime/message', message },
      { type: 'notifications/changed' },
    ]);
  });

  it("announces the connection's state as realtime/state (the shell tells the user when the server cannot be reached)", async () => {
    await connectRealtime({ userId: 9, token: 'tok9' });
    const { handlers } = instances.at(-1)!.connection;
    handlers.state_change({ previous: 'connected', current: 'unavailable' });
    handlers.state_change({ previous: 'unavailable', current: 'connected' });
    expect(events).toEqual([
      { type: 'realtime/state', state: 'unavailable' },
      { type: 'realtime/state', state: 'connected' },
    ]);
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
    expect(pusher.unsubscribe).toHaveBeenCalledWith('private-message.9');
  });
});
