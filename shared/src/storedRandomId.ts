const pageOnlyIds = new Map<string, string>();

function browserStorage(): Storage | null {
  try {
    return typeof localStorage !== 'undefined' ? localStorage : null;
  } catch {
    return null;
  }
}

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * A random id kept in localStorage under `key`: made once per browser, then the same in every tab and
 * after every reload. Where storage is refused (private mode, a full quota) the page keeps one of its own.
 */
export function storedRandomId(key: string, storage: Storage | null = browserStorage()): string {
  try {
    const stored = storage?.getItem(key);
    if (stored) return stored;
    const created = randomId();
    storage?.setItem(key, created);
    if (storage?.getItem(key) === created) return created;
  } catch {
    // Refused: fall through to the page's own id.
  }
  let pageOnly = pageOnlyIds.get(key);
  if (!pageOnly) {
    pageOnly = randomId();
    pageOnlyIds.set(key, pageOnly);
  }
  return pageOnly;
}
