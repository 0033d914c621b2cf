import Pusher from 'pusher-js';
import type { AppNotification, BusEvent, Job, Message, RealtimeState } from '../contracts';
import type { RuntimeConfig } from '../config';
import { fetchMe, fetchMessage } from '../api';
import type { RealtimeConnection } from './index';

export interface ConnectionOptions {
  userId: number;
  token: string;
  config: RuntimeConfig;
  emit: (event: BusEvent) => void;
}

export const channelName = (userId: number): string => `private-message.${userId}`;

/** Messages arrive either bare or wrapped as `{ message }` (Laravel broadcast style). */
function toMessage(data: unknown): Message | null {
  if (!data || typeof data !== 'object') return null;
  const wrapped = (data as { message?: unknown }).message;
  if (wrapped && typeof wrapped === 'object') return wrapped as Message;
  return data as Message;
}

/**
 * A 'Message' event whose text would not fit in a realtime event (Pusher's 10 KiB: 5000 characters of
 * 3 to 4 bytes each do not) comes without it, as `message: ''` and `message_omitted: true`.
 */
const isOmitted = (message: Message): boolean => (message as { message_omitted?: unknown }).message_omitted === true;

function isJob(data: unknown): data is Job {
  const job = data as Partial<Job> | null;
  return !!job && typeof job === 'object' && typeof job.id === 'number' && typeof job.status === 'string';
}

function isNotification(data: unknown): data is AppNotification {
  const notification = data as Partial<AppNotification> | null;
  return (
    !!notification &&
    typeof notification === 'object' &&
    typeof notification.id === 'number' &&
    typeof notification.description === 'string'
  );
}

/** The first wait before a channel whose authorisation went unanswered is asked for again; it doubles each time, up to the most. */
export const CHANNEL_RETRY_FIRST_MS = 1000;
export const CHANNEL_RETRY_MAX_MS = 30_000;

/** How often a connection that gave up (pusher-js's 'unavailable') asks whether the servers are back. */
export const SERVER_BACK_PROBE_MS = 3000;

/**
 * While started, asks the API at once, then every SERVER_BACK_PROBE_MS (and when the browser says it is
 * online again), whether it answers, and tells `answered` each time; the first answer of any status (the
 * servers being back) ends the asking.
 */
function serverBackProbe(url: string, token: string, answered: (reachable: boolean) => void) {
  let timer: ReturnType<typeof setInterval> | null = null;
  const ask = () => {
    fetch(url, { headers: { Authorization: `Bearer ${token}` }, cache: 'no-store' }).then(
      () => {
        if (!timer) return;
        stop();
        answered(true);
      },
      () => {
        if (timer) answered(false);
      },
    );
  };
  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
    window.removeEventListener('online', ask);
  }
  return {
    start() {
      if (timer) return;
      timer = setInterval(ask, SERVER_BACK_PROBE_MS);
      window.addEventListener('online', ask);
      ask();
    },
    stop,
  };
}

/**
 * pusher-js on the user's private channel; `Message` → realtime/message (a message whose text was left out of
 * the event once fetched whole), `Notification` → notifications/arrived
 * (with the notification) and notifications/changed,
 * `ChatRead` → chat/read, `Job` → job/updated; the connection's state → realtime/state.
 */
export function createConnection({ userId, token, config, emit }: ConnectionOptions): RealtimeConnection {
  const { realtime, apiUrl } = config;
  const pusher = new Pusher(realtime.key, {
    cluster: realtime.cluster,
    wsHost: realtime.wsHost,
    wsPort: realtime.wsPort,
    wssPort: realtime.wsPort,
    forceTLS: realtime.forceTLS,
    // One scheme: with both, pusher-js falls back from a slow plain connection to a TLS one that a
    // plain server refuses (a console error), and from TLS to plain text the other way round.
    enabledTransports: realtime.forceTLS ? ['wss'] : ['ws'],
    disableStats: true,
    channelAuthorization: {
      endpoint: `${apiUrl.replace(/\/$/, '')}/broadcasting/auth`,
      transport: 'ajax',
      headers: { Authorization: `Bearer ${token}` },
    },
  });
  /** Set while the probe's own reconnect closes the connection: that 'disconnected' is no close (a sign-out). */
  let reconnecting = false;
  const probe = serverBackProbe(`${apiUrl.replace(/\/$/, '')}/api/chats/unread`, token, (reachable) => {
    emit({ type: 'realtime/apiReachable', reachable });
    if (!reachable) return;
    // Reachable again: connect now rather than at pusher-js's next try, which backs off (5-25 s later).
    reconnecting = true;
    pusher.disconnect(); // says 'disconnected' at once (pusher-js), and that is no close
    reconnecting = false;
    pusher.connect();
  });
  pusher.connection.bind('state_change', ({ current }: { current: RealtimeState }) => {
    if (current === 'disconnected' && reconnecting) return;
    emit({ type: 'realtime/state', state: current });
    if (current === 'unavailable') probe.start();
    else if (current === 'connected' || current === 'disconnected') probe.stop();
  });
  const name = channelName(userId);
  const channel = pusher.subscribe(name);
  let closed = false;
  channel.bind('Message', (data: unknown) => {
    const message = toMessage(data);
    if (!message) return;
    if (!isOmitted(message)) {
      emit({ type: 'realtime/message', message });
      return;
    }
    // Its text did not fit in the event: it is told once fetched whole, never with the empty text. When the
    // fetch fails, nothing is told (no alert either): the message is stored, and shows when the chat is next loaded.
    fetchMessage(message.chat_id, message.id, { silent: true }).then(
      ({ data: whole }) => {
        if (!closed && whole) emit({ type: 'realtime/message', message: whole });
      },
      (error: unknown) => console.warn('realtime: the message left out of its event could not be fetched', message.id, error),
    );
  });
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let retryDelay = CHANNEL_RETRY_FIRST_MS;
  channel.bind('pusher:subscription_succeeded', () => {
    retryDelay = CHANNEL_RETRY_FIRST_MS;
    emit({ type: 'realtime/subscribed' });
  });
  channel.bind('pusher:subscription_error', (error: unknown) => {
    const status = (error as { status?: unknown } | null)?.status;
    // Refused (401): the session's token was revoked (a sign-out elsewhere, a new password; the realtime
    // server then ends the connection and it comes back without its channel). The API is asked who the
    // session is, so that a refused token ends the session here as any other 401 does (the API client
    // says so), and a token still good leaves it be.
    if (status === 401) {
      fetchMe({ silent: true }).catch(() => undefined);
      return;
    }
    if (status === 403 || closed || retryTimer) return;
    // Not answered (the API unreachable or restarting while the socket came back, a 5xx, a 429): asked
    // again, backing off. pusher-js asks only on a new connection, and this one stays up: the tab would
    // hear nothing more (no message, no job change) until reloaded, with nothing on screen saying so.
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (!closed) pusher.subscribe(name);
    }, retryDelay);
    retryDelay = Math.min(retryDelay * 2, CHANNEL_RETRY_MAX_MS);
  });
  channel.bind('Notification', (data: unknown) => {
    if (isNotification(data)) emit({ type: 'notifications/arrived', notification: data });
    emit({ type: 'notifications/changed' });
  });
  // Read in another tab or device, or with a chat: the bell counts anew.
  channel.bind('NotificationsRead', () => emit({ type: 'notifications/changed' }));
  // A chat read in another tab or device: this tab's Chat count and chat list follow.
  channel.bind('ChatRead', (data: unknown) => {
    const chatId = (data as { chat_id?: unknown } | null)?.chat_id;
    if (typeof chatId === 'number') emit({ type: 'chat/read', chatId });
  });
  // Cards added, removed or made the default in another tab or device: this tab's card lists follow.
  channel.bind('PaymentMethods', () => emit({ type: 'payments/changed' }));
  // The profile or a provider's services changed in another tab or device: the session user is read again.
  channel.bind('Profile', () => emit({ type: 'profile/changed' }));
  channel.bind('Job', (data: unknown) => {
    if (isJob(data)) emit({ type: 'job/updated', job: data });
  });
  return {
    socketId: () => pusher.connection.socket_id || undefined,
    disconnect() {
      closed = true;
      probe.stop();
      if (retryTimer) clearTimeout(retryTimer);
      channel.unbind_all();
      // Closing the connection ends its subscriptions on the server. No 'pusher:unsubscribe' first:
      // pusher-js sends it a tick later, when the socket is already closing (a console error).
      pusher.disconnect();
    },
  };
}
