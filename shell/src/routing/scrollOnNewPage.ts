import { useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router-dom';

/**
 * A page opened by a link or a redirect starts at its top: the window keeps its scroll across the
 * router's moves, so a page drawn at once at full height (My Profile after Edit Profile's Save, on a
 * phone) opened as far down as the form it came from, its heading under the top bar. Back and Forward
 * (POP) are left to the browser, which puts the page where it was; a move within the page (its query, its
 * state: a chat chosen, the booking form's draft) keeps the place.
 */
export function useScrollToTopOnNewPage(): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const shownPath = useRef(pathname);
  useLayoutEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (navigationType !== NavigationType.Pop) window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}
