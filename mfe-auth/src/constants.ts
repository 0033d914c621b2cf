/** Spec section 9. */
export const LOGIN_DELAY_MS = 600;
/** Card provider checkout amount (spec sections 7 and 9). */
export const CHECKOUT_AMOUNT = '10.00';
export const CHECKOUT_CURRENCY = 'INR';
