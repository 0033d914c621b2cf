import { bus } from '../bus';

/**
 * Whether the API is back after an outage. Realtime events tell the app when the realtime server is back
 * (`realtime/subscribed`), but the API can be down alone (restarting, its gateway failing): a screen that
 * failed then stays on its error until Retry, though nothing tells the user the API is back.
 *
 * A call that got no answer starts a watch. Its first probe is sent at once: answered, the API is up and only
 * that call or route failed (its screen's Retry is the way), and nothing more happens, so a route failing
 * alone never makes screens read again and again. Not answered, the API is down: probes follow, further and
 * further apart, and the first answer (a probe's, or any call's) announces `api/back`, on which screens that
 * keep data read it again (`onCatchUp`).
 */

/** Probes after the first unanswered one: 1 s, then twice as long each time, up to this. */
export const PROBE_FIRST_DELAY_MS = 1_000;
export const PROBE_MAX_DELAY_MS = 15_000;

/** Answers whether the API answered (any HTTP answer from the API itself, not a gateway's 502-504). */
export type Probe = () => Promise<boolean>;

type Watch = { state: 'checking' } | { state: 'down'; delay: number; timer: ReturnType<typeof setTimeout> };

let watch: Watch | null = null;
let probe: Probe | null = null;

/** A call got no answer (no connection, timed out, or a gateway's 502-504): starts a watch unless one runs. */
export function noteUnanswered(probeApi: Probe): void {
  probe = probeApi;
  if (watch) return;
  watch = { state: 'checking' };
  void probeNow();
}

/** A call was answered: if the API was down, it is back. */
export function noteAnswered(): void {
  if (watch?.state === 'down') back();
}

async function probeNow(): Promise<void> {
  const current = watch;
  const answered = await (probe?.() ?? Promise.resolve(false)).catch(() => false);
  if (!current || watch !== current) return; // answered meanwhile by another call
  if (answered) {
    // Up at the first probe: the failure was that call's or route's own; down later: the API is back.
    if (current.state === 'down') back();
    else watch = null;
    return;
  }
  const delay = current.state === 'down' ? Math.min(current.delay * 2, PROBE_MAX_DELAY_MS) : PROBE_FIRST_DELAY_MS;
  watch = { state: 'down', delay, timer: setTimeout(() => void probeNow(), delay) };
}

function back(): void {
  resetApiWatch();
  bus.emit({ type: 'api/back' });
}

/** Whether a watch is running (tests). */
export function isWatchingApi(): boolean {
  return watch !== null;
}

/** Ends any watch without announcing (tests; a new page state). */
export function resetApiWatch(): void {
  if (watch?.state === 'down') clearTimeout(watch.timer);
  watch = null;
}
