import { PlaceholderPage } from 'shared';

/** Job Request Details (/jobrequestdetails): filled in by a later issue. */
export default function JobRequestDetailsPage() {
  return <PlaceholderPage title="Job Request Details" />;
}
