/**
 * Texts of the booking modal, in a module of their own so that importing them does not bring the modal
 * (the Assign Job host is on every signed-in page of a customer and loads the form only when asked).
 */
export const BOOKING_TITLE = 'Booking Details';
export const ASSIGN_PROVIDER_MISSING = 'This driver does not offer this service any more.';
export const LOADING_DRIVER = 'Loading the driver…';
