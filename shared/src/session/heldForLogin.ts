import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { bus } from '../bus';
import { useSessionUser } from './hooks';

/**
 * What was typed into a form when the API ended the session under it (the token expired or was
 * revoked): the tab goes to /login, and the same user signing in again is taken back to the page
 * (the guard's way back), where the form starts with it. In this tab only (sessionStorage), for one
 * form at a time; never a file, a card number or a CVV (a form holds only what it passes).
 */
const KEY = 'heldForLogin';

/** A form's value as it is kept: text, a number, a choice (never a file). */
type HeldValue = string | number | boolean | null;
type HeldValues = Record<string, HeldValue>;

interface Held {
  userId: number;
  /** The page's path and query. */
  page: string;
  /** Which form of the page. */
  form: string;
  values: HeldValues;
}

function readHeld(): Held | null {
  try {
    const held = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<Held> | null;
    if (!held || typeof held.userId !== 'number' || typeof held.page !== 'string' || typeof held.form !== 'string') return null;
    return held.values && typeof held.values === 'object' ? (held as Held) : null;
  } catch {
    return null;
  }
}

function writeHeld(held: Held | null): void {
  try {
    if (held) sessionStorage.setItem(KEY, JSON.stringify(held));
    else sessionStorage.removeItem(KEY);
  } catch {
    /* storage unavailable: the form comes back empty, as it would without this */
  }
}

/** Where a form is: its user and page (path and query). */
function useFormPlace() {
  const userId = useSessionUser()?.id;
  const { pathname, search } = useLocation();
  return { userId, page: pathname + search };
}

/**
 * What was held for `form` on this page for this user (null when nothing was), for the form to start
 * with: answered from the first render on, and let go, so that a later visit starts empty.
 */
export function useHeldForm<T extends object>(form: string): Partial<T> | null {
  const { userId, page } = useFormPlace();
  const [restored] = useState(() => {
    const held = readHeld();
    return held && held.userId === userId && held.page === page && held.form === form ? (held.values as Partial<T>) : null;
  });
  useEffect(() => {
    if (restored) writeHeld(null);
  }, [restored]);
  return restored;
}

/**
 * Keeps `form`'s input (`values`, when `hasInput`) should the API end the session under it; useHeldForm
 * gives it back on this page once the same user has signed in again.
 */
export function useHoldThroughSessionEnd<T extends { [K in keyof T]: HeldValue }>(
  form: string,
  values: T,
  hasInput: boolean,
): void {
  const place = useFormPlace();
  const latest = useRef({ values, hasInput, ...place });
  useEffect(() => {
    latest.current = { values, hasInput, ...place };
  });
  useEffect(() => {
    const subscription = bus.on('auth/sessionExpired').subscribe(() => {
      const { values: typed, hasInput: worthKeeping, userId, page } = latest.current;
      if (userId !== undefined && worthKeeping) writeHeld({ userId, page, form, values: { ...typed } });
    });
    return () => subscription.unsubscribe();
  }, [form]);
}
