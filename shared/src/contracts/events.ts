import type { Alert, AppNotification, Job, Message, PersistedSession, User } from './entities';

/**
 * The typed event union carried by the shared bus. An event type is a contract: add new
 * variants, never change the payload of an existing one (bump the name instead, e.g. `x/changed.v2`).
 */
export type BusEvent =
  | { type: 'auth/loggedIn'; user: User; token: string }
  | { type: 'auth/loggedOut' }
  | { type: 'auth/userUpdated'; user: User }
  | { type: 'session/patch'; patch: Partial<PersistedSession> }
  | { type: 'alert/show'; alert: Alert }
  | { type: 'alert/clear' }
  | { type: 'toast/show'; kind: 'success' | 'error' | 'info'; message: string }
  | { type: 'job/changed'; jobs: Job[] }
  /**
   * One job was created or changed status (the realtime 'Job' event on the private channel, or the
   * answer to this browser's own action). Open lists, details and Home blocks of both roles merge it.
   */
  | { type: 'job/updated'; job: Job }
  | { type: 'chat/open'; userId: number }
  /**
   * Asks for the booking modal for a provider (chat's Assign Job). The customer remote's
   * BookingAssignHost widget, mounted by the shell for customers, opens it and answers at once
   * (synchronously, in the same emit) with `booking/assignHandled`; no answer means the customer
   * remote is unavailable and the asker says so.
   */
  | {
      type: 'booking/assign';
      providerId: number;
      /** The service booked unless the customer picks another of `services`. */
      serviceId: number;
      /** The services the provider offers (catalogue order), for the customer to choose from; absent: only `serviceId`. */
      services?: Array<{ id: number; name: string }>;
    }
  | { type: 'booking/assignHandled'; providerId: number }
  /** The customer remote's booking host is mounted: it answers booking/assign from now on (it mounts after a page's first screen). */
  | { type: 'booking/assignHostReady' }
  /**
   * Asked for the booking host, which is not there: the shell loads the customer remote again if it had
   * failed (it was down, and may be back), and the host announces itself once mounted.
   */
  | { type: 'booking/assignHostWanted' }
  | { type: 'realtime/message'; message: Message }
  /**
   * The private channel's subscription (re)started: events published before it were not received,
   * so lists kept live by realtime events fetch again (notifications, unread counts, jobs).
   */
  | { type: 'realtime/subscribed' }
  /**
   * The API answers again after an outage that left calls unanswered (shared/src/api/reachability.ts): what
   * failed to load meanwhile is read again. Listen with `onCatchUp`, which hears this and `realtime/subscribed`.
   */
  | { type: 'api/back' }
  /**
   * The realtime connection's state changed (pusher-js's states). 'unavailable': the server has not been
   * reached for a while (no network, or the server is down); 'connected' again once it is.
   */
  | { type: 'realtime/state'; state: RealtimeState }
  /**
   * While the realtime connection has given up ('unavailable'), whether the API answers (asked every few
   * seconds): when it does, only live updates are cut off (a network that blocks WebSockets, the realtime
   * server down), and what the user does is still sent.
   */
  | { type: 'realtime/apiReachable'; reachable: boolean }
  /**
   * The notifications changed (live or read elsewhere). With `notifications` (the first page, freshly read)
   * and `unread` (how many of all are unread), nothing needs fetching again; without, listeners fetch.
   */
  | { type: 'notifications/changed'; notifications?: AppNotification[]; unread?: number }
  /**
   * A notification has just arrived for the signed-in user (the realtime 'Notification' event, which
   * carries it): the shell says its description to screen readers (a new job request, a booking accepted).
   * Followed by `notifications/changed` for the lists and the bell.
   */
  | { type: 'notifications/arrived'; notification: AppNotification }
  /**
   * The signed-in user's total of unread chat messages changed (the chat remote announces it after
   * opening, reading or receiving messages); the shell's sidebar shows it on its Chat item.
   */
  | { type: 'chat/unreadChanged'; total: number }
  /**
   * The signed-in user read a chat in another tab or device (the realtime 'ChatRead' event on their
   * private channel): the sidebar counts unread messages anew and the chat list shows that chat read.
   */
  | { type: 'chat/read'; chatId: number }
  /**
   * The signed-in user's saved cards changed in another tab or device (the realtime 'PaymentMethods'
   * event on their private channel: a card added or removed, another default): screens showing the
   * cards read them again.
   */
  | { type: 'payments/changed' }
  /**
   * The signed-in user's profile changed in another tab or device (the realtime 'Profile' event on their
   * private channel: name, picture, a provider's price, bio, experience or services offered): the shell
   * reads the user again, and a provider's All Services reads their services again.
   */
  | { type: 'profile/changed' }
  /**
   * The API refused the signed-in session's token (401: expired or revoked). The API client
   * announces it, or the shell when the API refused it in another tab of the browser; the shell ends the session (clears authType, closes the realtime connection)
   * and shows /login with a message that the session expired. Only while signed in, once.
   */
  | { type: 'auth/sessionExpired' };

/** pusher-js's connection states. */
export type RealtimeState = 'initialized' | 'connecting' | 'connected' | 'unavailable' | 'failed' | 'disconnected';

export type BusEventType = BusEvent['type'];
export type BusEventOf<T extends BusEventType> = Extract<BusEvent, { type: T }>;
