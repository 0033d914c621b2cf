/**
 * When the first screen of this page load is on screen: a remote's screen or Home's blocks, once mounted
 * (RemoteMount), or one of the shell's own pages (AppRoutes). Work the first screen does not need (the realtime connection, background widgets) waits
 * for it (issue 12), so it does not compete with that screen's downloads and rendering.
 */

/** The longest such work waits (a remote may be slow, or down with no message yet). */
const FIRST_SCREEN_WAIT_MS = 2000;

let markShown: () => void = () => undefined;
const shown = new Promise<void>((resolve) => {
  markShown = resolve;
});

/** Says that the first screen's content is on screen (later calls do nothing). */
export function firstScreenShown(): void {
  markShown();
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
