import { useEffect, useRef } from 'react';

/** The question asked before a navigation would drop a form's unsaved changes. */
export const LEAVE_TEXTS = {
  title: 'Leave this page?',
  message: 'You have changes that are not saved. If you leave this page, they are lost.',
  stay: 'Stay on this page',
  leave: 'Leave without saving',
} as const;

interface Guard {
  /** True while the form has changes that leaving would drop. */
  holds(): boolean;
  /** Lets the next navigation through without asking. */
  release(): void;
}

/**
 * The guards of the forms on screen now. `shared` is one module per page (a federation singleton), so
 * the shell's router sees the guards of every remote's forms here.
 */
const guards = new Set<Guard>();

/** Whether leaving the current page now would drop a form's unsaved changes. */
export function hasUnsavedChanges(): boolean {
  for (const guard of guards) if (guard.holds()) return true;
  return false;
}

/**
 * Lets every form on screen be left without asking: the user chose to leave, or the session is ending
 * (a sign-out, an expired session, another account signed in in another tab), when nothing could be
 * saved any more.
 */
export function releaseLeaveGuards(): void {
  for (const guard of guards) guard.release();
}

/**
 * Keeps a form's unsaved changes from being lost unasked: while `dirty`, a navigation to another page
 * inside the app asks first (the shell's router shows LEAVE_TEXTS), and reloading or closing the tab
 * gets the browser's own question. A form that navigates away by itself after saving passes a `dirty`
 * that is false while the save is on its way (`dirty && !submitting`).
 */
export function useLeaveGuard(dirty: boolean): void {
  const state = useRef({ dirty, released: false });
  useEffect(() => {
    state.current.dirty = dirty;
    // Changes made after a release are guarded again.
    if (dirty) state.current.released = false;
  }, [dirty]);

  useEffect(() => {
    const current = state.current;
    const guard: Guard = {
      holds: () => current.dirty && !current.released,
      release: () => {
        current.released = true;
      },
    };
    guards.add(guard);
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (guard.holds()) askBeforeUnload(event);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      guards.delete(guard);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, []);
}

/** Makes the browser ask its own "Leave site?" question before this reload or close of the tab. */
export function askBeforeUnload(event: BeforeUnloadEvent): void {
  event.preventDefault();
  // Chromium before 119 and Safari ask only when returnValue is set.
  event.returnValue = '';
}

/** While `active`, reloading or closing the tab gets the browser's own "Leave site?" question. */
export function useUnloadQuestion(active: boolean): void {
  useEffect(() => {
    if (!active) return undefined;
    window.addEventListener('beforeunload', askBeforeUnload);
    return () => window.removeEventListener('beforeunload', askBeforeUnload);
  }, [active]);
}

/** useLeaveGuard as an element, for a form whose state lives in a render prop (Formik). */
export function LeaveGuard({ when }: { when: boolean }): null {
  useLeaveGuard(when);
  return null;
}
