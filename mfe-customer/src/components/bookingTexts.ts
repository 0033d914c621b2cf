/** The booking modal's title (spec: 'Booking Details'), in a module of its own so importing it does not bring the modal. */
export const BOOKING_TITLE = 'Booking Details';
