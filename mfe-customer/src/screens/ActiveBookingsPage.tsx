import { PlaceholderPage } from 'shared';

/** Active Bookings (/activebooking): filled in by a later issue. */
export default function ActiveBookingsPage() {
  return <PlaceholderPage title="Active Bookings" />;
}
