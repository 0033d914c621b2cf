import { useCallback, useEffect, useRef } from 'react';

/**
 * Whether the focus is nowhere: on the page itself, as when the focused control was removed or disabled
 * (the browser then moves it to the document). A screen that did that puts it somewhere useful instead.
 * Imported by path (shared/src/ui/focus): it is not in the shared chunk every page loads.
 */
export const focusIsLost = (): boolean => document.activeElement === null || document.activeElement === document.body;

/**
 * For an action whose control is disabled while it is on its way (the browser then drops the focus to
 * the page): call the answer when the action starts, and once `busy` is false again the focus goes
 * back to the control that had it, if it is still on the page and the focus is still lost (a screen
 * that led on, or put it elsewhere, keeps its choice).
 */
export function useFocusBackAfter(busy: boolean): () => void {
  const pressed = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (busy || !pressed.current) return;
    const control = pressed.current;
    pressed.current = null;
    if (control.isConnected && focusIsLost()) control.focus();
  }, [busy]);
  return useCallback(() => {
    const focused = document.activeElement;
    pressed.current = focused instanceof HTMLElement && focused !== document.body ? focused : null;
  }, []);
}
