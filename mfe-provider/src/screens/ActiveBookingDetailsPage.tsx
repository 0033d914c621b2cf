import { JobDetails } from '../components/JobDetails';

/** Job Details (/activebookingdetails, Provider view; the shell picks the customer remote's view for customers). */
export default function ActiveBookingDetailsPage() {
  return <JobDetails />;
}
