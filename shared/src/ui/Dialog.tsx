import { useEffect, useEffectEvent, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { MAIN_CONTENT_ID } from '../contracts/remote';

const FOCUSABLE =
  'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/**
 * Makes every other child of <body> inert while the dialog is open; answers the undo function. A live
 * region of its own at the top (`data-live-region`, the shell's news of a job request or an answer) stays:
 * an inert region is out of the accessibility tree, and what arrives meanwhile would not be said.
 */
function makeRestInert(keep: HTMLElement): () => void {
  const changed: HTMLElement[] = [];
  for (const element of Array.from(document.body.children)) {
    if (element === keep || !(element instanceof HTMLElement) || element.inert || element.hasAttribute('data-live-region'))
      continue;
    element.inert = true;
    changed.push(element);
  }
  return () => changed.forEach((element) => (element.inert = false));
}

/** Tab from the last control goes to the first, Shift+Tab from the first to the last: focus stays in the dialog. */
function wrapFocus(dialog: HTMLElement, event: KeyboardEvent) {
  const controls = dialog.querySelectorAll<HTMLElement>(FOCUSABLE);
  const [first, last] = [controls[0], controls[controls.length - 1]];
  const edge = event.shiftKey ? [first, dialog] : [last];
  if (!first || !edge.includes(document.activeElement as HTMLElement)) return;
  event.preventDefault();
  (event.shiftKey ? last : first).focus();
}

/**
 * The close requests of what is open over the page now (dialogs, the phone's menu drawer), the newest
 * last (a dialog asked from a dialog is newer).
 */
const openOverlayCloses: Array<() => void> = [];

/**
 * Asks the newest dialog or drawer open over the page to close, as its close button would (a form with
 * something typed asks first); answers whether one was open. The shell's history calls it for the
 * browser's Back, which on a phone is how a dialog or a drawer is expected to go away.
 */
export function closeNewestOverlay(): boolean {
  const close = openOverlayCloses.at(-1);
  close?.();
  return close !== undefined;
}

/** While `open`, the browser's Back calls `close` (the latest given) instead of leaving the page: see closeNewestOverlay. */
export function useCloseOnBack(open: boolean, close: () => void): void {
  const closeNow = useEffectEvent(() => close());
  // A layout effect: registered and let go in the commit that shows or removes the overlay. A passive
  // effect's cleanup may run later, on a busy device after a Back pressed at once, which then "closed"
  // a dialog already gone and stayed on the page.
  useLayoutEffect(() => {
    if (!open) return undefined;
    const entry = () => closeNow();
    openOverlayCloses.push(entry);
    return () => {
      openOverlayCloses.splice(openOverlayCloses.indexOf(entry), 1);
    };
  }, [open]);
}

export interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Label of the close button (×). */
  closeLabel?: string;
}

/**
 * A modal dialog: rendered over the page in a portal, focus moves into it (first field) and back
 * where it was on close, Tab stays inside, Escape, the close button and the browser's Back (closeNewestOverlay)
 * close it, and the page behind is inert.
 */
export function Dialog({ title, onClose, children, closeLabel = 'Close' }: DialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  /** The portal's element, made once (attached to <body> while the dialog is open). */
  const [container] = useState(() => document.createElement('div'));
  /** Escape closes with the latest onClose, without re-running the effect when it changes. */
  const close = useEffectEvent(() => onClose());
  useCloseOnBack(true, onClose);

  useEffect(() => {
    document.body.appendChild(container);
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const undoInert = makeRestInert(container);
    const dialog = dialogRef.current;
    // The first field of the content, else the close button.
    (bodyRef.current?.querySelector<HTMLElement>(FOCUSABLE) ?? dialog?.querySelector<HTMLElement>(FOCUSABLE) ?? dialog)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        close();
      } else if (event.key === 'Tab' && dialog) wrapFocus(dialog, event);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      undoInert();
      container.remove();
      // Back where it was; when that control is gone (a live update replaced it), to the page's content,
      // not lost on the page's body. Unless the focus is somewhere already: a dialog opened over another
      // (Discard over the booking form) closes with it, and the one below has given it back to its opener.
      // A dialog opened with nothing focused (the booking form brought back from the card form) has no
      // opener to go back to: the page's content, too.
      const opener = previouslyFocused === document.body ? null : previouslyFocused;
      if (opener?.isConnected) opener.focus?.();
      else if (!document.activeElement || document.activeElement === document.body)
        document.getElementById(MAIN_CONTENT_ID)?.focus();
    };
  }, [container]);

  return createPortal(
    <div className="ui-dialog-backdrop">
      <div ref={dialogRef} className="ui-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="ui-dialog__header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="ui-dialog__close" aria-label={closeLabel} onClick={onClose}>
            ×
          </button>
        </div>
        <div ref={bodyRef}>{children}</div>
      </div>
    </div>,
    container,
  );
}
