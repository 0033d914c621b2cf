/**
 * Texts of the booking modal, in a module of their own so that importing them does not bring the modal
 * (the Assign Job host is on every signed-in page of a customer and loads the form only when asked).
 */
export const BOOKING_TITLE = 'Booking Details';
export const ASSIGN_PROVIDER_MISSING = 'This driver does not offer this service any more.';
/** Leads to Book a Driver for the same service, when the driver being booked withdrew it. */
export const CHOOSE_ANOTHER_DRIVER = 'Choose another driver';
export const LOADING_DRIVER = 'Loading the driver…';
/** Book a Driver or a driver's profile opened from a link whose service id names no service. */
export const SERVICE_NOT_FOUND = 'This service was not found. Choose one from all services.';
/** Instead of Assign Job (and of the form) for a driver with no price: a booking would read $0 (the API's words for it). */
export const DRIVER_WITHOUT_PRICE = 'This driver has not set a price yet, so they cannot be booked.';
/** Beside a driver with no price in Book a Driver's list (they are listed after the drivers who can be booked). */
export const NO_PRICE_YET = 'No price yet';
/** The card shown was removed in another tab or device while the form was open (the API's words for it). */
export const CARD_NO_LONGER_SAVED = 'This card is no longer saved. Please choose another card.';

/**
 * After Submit & Pay got no answer, or a server fault, whose booking may have been made and charged: pressed
 * again, it sends the same attempt's key, so the API books and charges it once.
 */
/** On the driver's profile, when a Submit & Pay of this booking got no answer (the page was reloaded or left while it was on its way, or the connection failed). */
export const UNANSWERED_ATTEMPT_NOTE = 'Your last Submit & Pay for this driver got no answer, so it may have gone through.';
export const CHECK_BOOKINGS_FIRST = 'Check Active Bookings before booking again';
export const OUTCOME_UNKNOWN_NOTE = 'If it went through, Submit & Pay again will not book or charge it twice.';

/** The booking payment of spec section 9: charged by Submit & Pay, refunded when a Pending booking is cancelled. */
export const BOOKING_PAYMENT = '10.00 INR';
/** Above the CVV: what Submit & Pay charges, before it is pressed. */
export const PAYMENT_EXPLAINED = `Submit & Pay charges a booking payment of ${BOOKING_PAYMENT} to this card.`;

/** Asked when the booking modal is closed (×, Escape) with something typed in it. */
export const DISCARD_TEXTS = {
  title: 'Discard this booking?',
  message: 'What you typed in the booking form is lost if you close it.',
  keep: 'Keep editing',
  discard: 'Discard',
} as const;

/** Under the API's 'Your earlier Submit & Pay went through…' (a key sent again with other choices): where that booking is. */
export const SEE_ACTIVE_BOOKINGS = 'Active Bookings';

/** Beside the saved cards: leads to the card form and back, filled in, with the card added chosen. */
export const ADD_ANOTHER_CARD = 'Add another card';
/** The API's answer to a card added (POST /api/payment-methods), said in the form the customer came back to. */
export const CARD_ADDED = 'Card added successfully';
