import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ErrorState, PageTitle, useJob, type DeliveryConfirmationNavState, useSessionUser } from 'shared';
import { navIdFrom } from 'shared/src/contracts/addressIds';
import { JobSummary, PickAndDrop } from 'shared/src/bookings/JobSections';
import { bookingStatusLabel } from 'shared/src/bookings/statusLabels';
import { formatDateLong, formatRequestedTime } from 'shared/src/format';
import { JobStateView, PersonRow, RequestNoLongerOpen } from '../components/JobParts';
import { ProvidersOnly } from '../components/ProvidersOnly';
import { confirmationPath } from '../lib/confirmationPath';
import '../styles/provider.css';

/**
 * Job Request Details (/jobrequestdetails, state { jobId }): the customer, the summary (date, duration,
 * price), pick and drop address, and while the job waits for approval a Reject link and an Accept
 * button, each leading to /deliveryconfirmation with the job and the chosen action. A job answered
 * already (here or live, from elsewhere) shows its status and no actions; one the customer cancelled or
 * that expired says so.
 */
export default function JobRequestDetailsPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const isProvider = useSessionUser()?.role === 'Provider';
  const jobId = navIdFrom(location, 'jobId');
  const { state, reload, refreshError, refresh } = useJob(isProvider ? jobId : null);

  let body;
  if (!isProvider) body = <ProvidersOnly jobId={jobId} />;
  else if (state.status !== 'ready') body = <JobStateView state={state} reload={() => void reload()} what="job request" />;
  else {
    const { job } = state;
    const confirm = (action: DeliveryConfirmationNavState['action']): DeliveryConfirmationNavState => ({ jobId: job.id, action });
    body = (
      <>
        <PersonRow
          person={job.customer}
          label="Customer"
          detail={job.service_name}
          status={job.status}
          statusLabel={bookingStatusLabel(job.status)}
        />
        <JobSummary
          job={job}
          // When the request came in, as the Job Requests list shows it; 'Date' elsewhere is the last change.
          date={formatDateLong(job.created_at)}
          dateLabel="Received"
          requested={formatRequestedTime(job)}
          headingId={`prov-summary-${job.id}`}
        />
        <PickAndDrop job={job} headingId={`prov-route-${job.id}`} />
        {job.status === 'Pending' ? (
          <div className="ui-actions prov-actions--answer">
            <Link to={confirmationPath(confirm('reject'))} state={confirm('reject')} className="prov-reject-link">
              Reject
            </Link>
            <button
              type="button"
              className="ui-button ui-button--primary prov-wide"
              onClick={() => navigate(confirmationPath(confirm('accept')), { state: confirm('accept') })}
            >
              Accept
            </button>
          </div>
        ) : (
          <RequestNoLongerOpen job={job}>
            This request has already been answered: {bookingStatusLabel(job.status)}.
          </RequestNoLongerOpen>
        )}
      </>
    );
  }

  return (
    <div className="ui-page prov-page">
      <PageTitle>Job Request Details</PageTitle>
      {state.status === 'ready' && refreshError ? (
        <ErrorState message="This job could not be refreshed." detail={refreshError} onRetry={refresh} />
      ) : null}
      {body}
    </div>
  );
}
