import { createContext } from 'react';

/**
 * Given by the booking dialog to the form inside it: the form holds the dialog open while the booking is
 * being paid for, so that × or Escape cannot close it under a payment whose answer
 * (a declined card, or the confirmation) would then be shown nowhere.
 */
export const BookingDialogHold = createContext<((held: boolean) => void) | null>(null);
