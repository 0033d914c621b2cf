import { PlaceholderPage } from 'shared';

/** Rate your Booking (/bookingfinished): filled in by a later issue. */
export default function BookingFinishedPage() {
  return <PlaceholderPage title="Rate your Booking" />;
}
