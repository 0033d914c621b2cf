/**
 * How many Your Notifications lists are open. Each reads the first page again itself when the
 * notifications change, and that answer also tells the bell's count (`meta.unread`) and the session's
 * list, so the session does not read the same page a second time meanwhile (sessionNotifications.ts).
 */
let open = 0;

/** Called by an open list; answers the call that says it has closed. */
export function noteListOpen(): () => void {
  open += 1;
  let closed = false;
  return () => {
    if (closed) return;
    closed = true;
    open -= 1;
  };
}

/** Whether an open list will read the first page (and the bell's count) on the next change. */
export const aListReadsTheFirstPage = (): boolean => open > 0;
