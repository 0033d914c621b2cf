/**
 * When the first screen of this page load is on screen: a remote's screen or Home's blocks (RemoteMount),
 * or one of the shell's own pages (AppRoutes), once painted. Work the first screen does not need (the
 * realtime connection, the notifications, background widgets) waits for it (issue 12), so it does not
 * compete with that screen's downloads and rendering.
 */

/** The longest such work waits (a remote may be slow, or down with no message yet). */
const FIRST_SCREEN_WAIT_MS = 2000;

let markShown: () => void = () => undefined;
const shown = new Promise<void>((resolve) => {
  markShown = resolve;
});

/**
 * Runs `fn` once the browser has painted what is in the page now, so that work started by a screen's
 * arrival does not hold back that screen's paint (issue 12: the largest paint waited for the work that
 * followed it). A hidden tab paints nothing: then after 100 ms.
 */
export function afterNextPaint(fn: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    fn();
  };
  if (typeof requestAnimationFrame === 'function' && document.visibilityState === 'visible') {
    requestAnimationFrame(() => setTimeout(run, 0));
  }
  setTimeout(run, 100);
}

/** Says that the first screen's content is in the page; it counts as shown once painted (later calls do nothing). */
export function firstScreenShown(): void {
  afterNextPaint(markShown);
}

/** Settles once the first screen is on screen, or after `maxMs` (e.g. a shell page, or a remote that is slow). */
export function afterFirstScreen(maxMs = FIRST_SCREEN_WAIT_MS): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxMs);
    void shown.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
