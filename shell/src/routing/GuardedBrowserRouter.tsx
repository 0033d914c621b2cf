import { useEffect, useState, type ReactNode } from 'react';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router-dom';
import { bus, LeavePrompt } from 'shared';
import { createGuardedHistory } from './guardedHistory';

/**
 * The app's router: BrowserRouter's behaviour on a history that asks before a navigation drops a form's
 * unsaved changes (createGuardedHistory), with the question shown here. A session that ends while it is
 * asked (a sign-out in another tab, an expired token) takes the question away: the form it was about is
 * gone, and the move it would make is not the user's any more.
 */
export function GuardedBrowserRouter({ children }: { children: ReactNode }) {
  const [leave, setLeave] = useState<(() => void) | null>(null);
  const [history] = useState(() => createGuardedHistory((leaveAfterAll) => setLeave(() => leaveAfterAll)));
  useEffect(() => {
    const subscription = bus.on('auth/loggedOut').subscribe(() => setLeave(null));
    return () => subscription.unsubscribe();
  }, []);
  return (
    <HistoryRouter history={history}>
      {children}
      {leave ? (
        <LeavePrompt
          onStay={() => setLeave(null)}
          onLeave={() => {
            setLeave(null);
            leave();
          }}
        />
      ) : null}
    </HistoryRouter>
  );
}
