import { LOGGED_OUT } from './sessionSlice';
import { SESSION_STORAGE_KEY, type PersistedSession } from '../contracts';

const ARRAY_FIELDS = ['jobs', 'paymentMethod', 'notifications', 'UserMessages', 'providerServiceData'] as const;

function isPersistedSession(value: unknown): value is PersistedSession {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  if (typeof v.isLogin !== 'boolean') return false;
  if (v.isLogin && (typeof v.token !== 'string' || !v.users || typeof v.users !== 'object')) return false;
  return ARRAY_FIELDS.every((field) => v[field] === undefined || Array.isArray(v[field]));
}

/** Reads the session under `authType`; anything corrupt or foreign resets to logged out. */
export function loadPersistedSession(storage: Storage = window.localStorage): PersistedSession {
  try {
    const raw = storage.getItem(SESSION_STORAGE_KEY);
    if (!raw) return LOGGED_OUT;
    const parsed: unknown = JSON.parse(raw);
    if (!isPersistedSession(parsed)) {
      storage.removeItem(SESSION_STORAGE_KEY);
      return LOGGED_OUT;
    }
    return { ...LOGGED_OUT, ...parsed };
  } catch {
    try {
      storage.removeItem(SESSION_STORAGE_KEY);
    } catch {
      /* storage unavailable: stay logged out */
    }
    return LOGGED_OUT;
  }
}

export function savePersistedSession(session: PersistedSession, storage: Storage = window.localStorage): void {
  const persisted: PersistedSession = {
    isLogin: session.isLogin,
    users: session.users,
    token: session.token,
    jobs: session.jobs,
    paymentMethod: session.paymentMethod,
    notifications: session.notifications,
    UserMessages: session.UserMessages,
    ChatUserData: session.ChatUserData,
    providerServiceData: session.providerServiceData,
  };
  try {
    storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(persisted));
  } catch {
    /* quota or privacy mode: the session still lives in memory */
  }
}
