import { useState, type ReactNode } from 'react';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router-dom';
import { LeavePrompt } from 'shared';
import { createGuardedHistory } from './guardedHistory';

/**
 * The app's router: BrowserRouter's behaviour on a history that asks before a navigation drops a form's
 * unsaved changes (createGuardedHistory), with the question shown here.
 */
export function GuardedBrowserRouter({ children }: { children: ReactNode }) {
  const [leave, setLeave] = useState<(() => void) | null>(null);
  const [history] = useState(() => createGuardedHistory((leaveAfterAll) => setLeave(() => leaveAfterAll)));
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
