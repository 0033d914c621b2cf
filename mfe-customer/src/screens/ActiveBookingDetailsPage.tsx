import { PlaceholderPage } from 'shared';

/** Booking Details (/activebookingdetails, Customer view): filled in by a later issue. */
export default function ActiveBookingDetailsPage() {
  return <PlaceholderPage title="Booking Details" />;
}
