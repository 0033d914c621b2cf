import { PlaceholderPage } from 'shared';

/** Job Details (/provideractivebookingdetails): filled in by a later issue. */
export default function ProviderActiveBookingDetailsPage() {
  return <PlaceholderPage title="Job Details" />;
}
