import { PlaceholderPage } from 'shared';

/** Job Requests (/jobrequest): filled in by a later issue. */
export default function JobRequestsPage() {
  return <PlaceholderPage title="Job Requests" />;
}
