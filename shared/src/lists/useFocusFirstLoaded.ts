import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { focusIsLost } from 'shared/src/ui/focus';

const CONTROL = 'a[href], button, input, select, textarea, [tabindex]';

/**
 * Load more for a keyboard: once the page it asked for is shown, the focus goes to the first item it
 * brought (its first control, else the item itself, made focusable), so that the next Tab goes on from
 * there instead of from the top of the page, where the focus lands when the last page's Load more goes
 * away. A focus moved elsewhere meanwhile stays. `listRef` goes on the element whose children are the items
 * (older pages are appended below them); `showMore` is what Load more calls instead of `loadMore`.
 */
export function useFocusFirstLoaded<T extends HTMLElement>(
  loadingMore: boolean,
  loadMore: () => void,
): { listRef: RefObject<T | null>; showMore: () => void } {
  const listRef = useRef<T>(null);
  const asked = useRef<{ lastShown: Element; pressed: Element | null } | null>(null);

  useEffect(() => {
    if (loadingMore || !asked.current) return;
    const { lastShown, pressed } = asked.current;
    asked.current = null;
    // Nothing after it: the page failed (Retry is offered in its place) or brought nothing new.
    const firstNew = lastShown.isConnected ? lastShown.nextElementSibling : null;
    if (!(firstNew instanceof HTMLElement) || (document.activeElement !== pressed && !focusIsLost())) return;
    const control = firstNew.querySelector<HTMLElement>(CONTROL);
    if (!control) firstNew.tabIndex = -1;
    (control ?? firstNew).focus();
  }, [loadingMore]);

  const showMore = useCallback(() => {
    const lastShown = listRef.current?.lastElementChild;
    asked.current = lastShown ? { lastShown, pressed: document.activeElement } : null;
    loadMore();
  }, [loadMore]);

  return { listRef, showMore };
}
