const KEY = 'deviceId';

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** The login request's device_id: a random id kept in localStorage, made once per browser. */
export function getDeviceId(storage: Storage = window.localStorage): string {
  try {
    const existing = storage.getItem(KEY);
    if (existing) return existing;
    const id = randomId();
    storage.setItem(KEY, id);
    return id;
  } catch {
    return randomId();
  }
}
