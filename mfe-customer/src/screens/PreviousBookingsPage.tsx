import { PlaceholderPage } from 'shared';

/** Previous Bookings (/previousbooking): filled in by a later issue. */
export default function PreviousBookingsPage() {
  return <PlaceholderPage title="Previous Bookings" />;
}
