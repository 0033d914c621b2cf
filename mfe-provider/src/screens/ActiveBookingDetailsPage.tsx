import { PlaceholderPage } from 'shared';

/** Job Details (/activebookingdetails, Provider view): filled in by a later issue. */
export default function ActiveBookingDetailsPage() {
  return <PlaceholderPage title="Job Details" />;
}
