/**
 * Whether this tab has shown a public page (sign in, sign up, ...) since it loaded: the next page, public
 * or the signed-in layout, was then reached by navigating, and takes the focus its links and buttons had
 * (they went with the page); on the page a tab opens with, focus is left where the browser puts it.
 */
let shown = false;

/** Marks a public page shown; answers whether one was shown before it. */
export function markPublicPageShown(): boolean {
  const before = shown;
  shown = true;
  return before;
}

export const publicPageWasShown = (): boolean => shown;
