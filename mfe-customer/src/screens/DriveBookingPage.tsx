import { PlaceholderPage } from 'shared';

/** Book a Driver (/drivebooking): filled in by a later issue. */
export default function DriveBookingPage() {
  return <PlaceholderPage title="Book a Driver" />;
}
