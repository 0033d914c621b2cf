/**
 * A tab opened before a remote was redeployed still runs that remote's old container, which asks for the
 * old build's chunks; the new build has replaced them, so opening a screen the tab has not shown yet fails
 * (webpack's ChunkLoadError, a 404) however often it is retried. A reload loads the new build.
 */

const RELOADED_AT_KEY = 'shell:reloadedForNewBuild';
/** After a reload for a new build, another is not made by itself for this long (no reload loop). */
export const RELOAD_PAUSE_MS = 60_000;

/** The address of the chunk whose loading failed, when `error` is webpack's ChunkLoadError. */
export function failedChunkAddress(error: unknown): string | null {
  if (!(error instanceof Error) || error.name !== 'ChunkLoadError') return null;
  const { request } = error as Error & { request?: unknown };
  return typeof request === 'string' && request ? request : null;
}

/** Whether the chunk's server answers at all, whatever the status (a no-cors request reads none). */
async function serverAnswers(address: string): Promise<boolean> {
  try {
    await fetch(address, { mode: 'no-cors', cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

function reloadedRecently(now: number): boolean {
  try {
    const saved = window.sessionStorage.getItem(RELOADED_AT_KEY);
    return saved !== null && now - Number(saved) < RELOAD_PAUSE_MS;
  } catch {
    return false;
  }
}

function rememberReload(now: number): void {
  try {
    window.sessionStorage.setItem(RELOADED_AT_KEY, String(now));
  } catch {
    // Storage refused (private mode quota): the pause is then not kept across the reload.
  }
}

/** The page's reload, one place for tests to stand in for (jsdom cannot reload). */
export const browserPage = { reload: () => window.location.reload() };

export interface ReloadOptions {
  /** The user asked (Retry): reload even shortly after another reload. */
  asked?: boolean;
  reload?: () => void;
  now?: number;
}

/**
 * Reloads the page when `error` is a chunk that failed to load while its server answers: the build the
 * tab runs is gone. Not when the server or the network is down (a reload would lose the page for the
 * browser's error page), and by itself not twice within RELOAD_PAUSE_MS. Answers whether it reloads.
 */
export async function reloadForNewBuild(
  error: unknown,
  { asked = false, reload = () => browserPage.reload(), now = Date.now() }: ReloadOptions = {},
): Promise<boolean> {
  const address = failedChunkAddress(error);
  if (!address || (!asked && reloadedRecently(now))) return false;
  if (!(await serverAnswers(address))) return false;
  rememberReload(now);
  reload();
  return true;
}
