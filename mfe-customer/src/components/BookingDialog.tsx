import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Dialog, hasUnsavedChanges } from 'shared';
import { BookingDialogHold } from './bookingDialogHold';
import { BOOKING_TITLE, DISCARD_TEXTS } from './bookingTexts';

/**
 * The booking modal's frame: closing it (×, Escape) with something typed in the form asks first, as
 * leaving the page would (the form's leave guard says whether anything is typed). While the form is
 * paying (bookingDialogHold.ts) it does not close: the payment's answer is shown in it.
 */
export function BookingDialog({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const [asking, setAsking] = useState(false);
  const held = useRef(false);
  const hold = useCallback((value: boolean) => {
    held.current = value;
  }, []);
  const requestClose = () => {
    if (held.current) return;
    if (hasUnsavedChanges()) setAsking(true);
    else onClose();
  };
  return (
    <>
      <Dialog title={BOOKING_TITLE} onClose={requestClose}>
        <BookingDialogHold value={hold}>{children}</BookingDialogHold>
      </Dialog>
      {asking ? (
        <Dialog title={DISCARD_TEXTS.title} onClose={() => setAsking(false)}>
          <p>{DISCARD_TEXTS.message}</p>
          <div className="ui-actions">
            <button type="button" className="ui-button ui-button--primary" onClick={() => setAsking(false)}>
              {DISCARD_TEXTS.keep}
            </button>
            <button type="button" className="ui-button ui-button--danger" onClick={onClose}>
              {DISCARD_TEXTS.discard}
            </button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
