import { useContext, useEffect } from 'react';
import { UNSAFE_NavigationContext, useLocation, useNavigate, type Location } from 'react-router-dom';

/**
 * `<Navigate replace>` that gives way. A redirect is made after its render (an effect), and a move made in
 * between is newer and stands: Login's own way back to the page it came from (the guard's 'signed in on
 * /login: to Home' would otherwise follow it, on a busy device), or the end of a session moving to /login.
 * The router's history tells where it is now; the rendered location is where the redirect was decided.
 */
export function RedirectUnlessMoved({ to, state }: { to: string; state?: unknown }) {
  const navigate = useNavigate();
  const rendered = useLocation();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  useEffect(() => {
    const now = (navigator as { location?: Location }).location;
    if (now && (now.pathname !== rendered.pathname || now.search !== rendered.search)) return;
    void navigate(to, { replace: true, state });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the location it was rendered at
  }, []);
  return null;
}
