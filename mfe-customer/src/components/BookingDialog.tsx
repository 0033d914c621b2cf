import { useCallback, useRef, type ReactNode } from 'react';
import { DiscardableDialog } from 'shared/src/ui/DiscardableDialog';
import { BookingDialogHold } from './bookingDialogHold';
import { BOOKING_TITLE, DISCARD_TEXTS } from './bookingTexts';

/**
 * The booking modal's frame: closing it (×, Escape) with something typed in the form asks first, as
 * leaving the page would (the form's leave guard says whether anything is typed). While the form is
 * paying (bookingDialogHold.ts) it does not close: the payment's answer is shown in it.
 */
export function BookingDialog({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const held = useRef(false);
  const hold = useCallback((value: boolean) => {
    held.current = value;
  }, []);
  return (
    <DiscardableDialog title={BOOKING_TITLE} texts={DISCARD_TEXTS} onClose={onClose} held={() => held.current}>
      <BookingDialogHold value={hold}>{children}</BookingDialogHold>
    </DiscardableDialog>
  );
}
