/**
 * A driver who has set no price cannot be booked (the API refuses it: a booking would read $0). Its own
 * module, so that Book a Driver's list can tell without loading the booking form.
 */
export const hasNoPrice = (provider: { basic_price?: number | null }) => provider.basic_price === null;
