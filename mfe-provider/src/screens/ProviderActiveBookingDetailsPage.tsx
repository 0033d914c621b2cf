import { JobDetails } from '../components/JobDetails';

/** Job Details (/provideractivebookingdetails): the provider's view of one job. */
export default function ProviderActiveBookingDetailsPage() {
  return <JobDetails />;
}
