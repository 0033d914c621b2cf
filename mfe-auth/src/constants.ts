/** Spec section 9. */
export const LOGIN_DELAY_MS = 600;
/** Card provider checkout amount (spec sections 7 and 9). */
export const CHECKOUT_AMOUNT = '10.00';
export const CHECKOUT_CURRENCY = 'INR';
export const CHECKOUT_PRICE = `${CHECKOUT_AMOUNT} ${CHECKOUT_CURRENCY}`;
/** The checkout only saves the card: 'Pay 10.00 INR' told people they paid to store a card. */
export const CHECKOUT_SUBMIT_LABEL = 'Save card';
export const CHECKOUT_NOTE = `Nothing is charged now. The card is saved for your bookings: each one you pay with it charges ${CHECKOUT_PRICE}.`;
