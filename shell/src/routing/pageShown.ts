/**
 * Whether this tab has shown a page of the app (a public page, or the signed-in layout) since it loaded:
 * the next one (signed in from Login, Sign Up from Login, Login after Logout) was then reached by
 * navigating, and takes the focus its links and buttons had (they went with the page); on the page a tab
 * opens with, focus is left where the browser puts it.
 */
let shown = false;

/** Marks a page shown; answers whether one was shown before it. */
export function markPageShown(): boolean {
  const before = shown;
  shown = true;
  return before;
}

/** A tab opened anew (tests render the shell again in one document). */
export function forgetPagesShown(): void {
  shown = false;
}
