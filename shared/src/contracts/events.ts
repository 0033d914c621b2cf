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
  | { type: 'chat/open'; userId: number }
  | { type: 'booking/assign'; providerId: number; serviceId: number }
  | { type: 'realtime/message'; message: Message }
  | { type: 'notifications/changed'; notifications?: AppNotification[] };

export type BusEventType = BusEvent['type'];
export type BusEventOf<T extends BusEventType> = Extract<BusEvent, { type: T }>;
