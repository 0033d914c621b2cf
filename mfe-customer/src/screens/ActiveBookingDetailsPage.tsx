import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Avatar, bus, ErrorState, fetchJob, Loader, PageTitle, useJob, type JobNavState } from 'shared';
import { pathWithIds, navIdFrom } from 'shared/src/contracts/addressIds';
import { canCustomerCancel, showsPastBooking } from 'shared/src/bookings/jobLists';
import { NothingHere } from 'shared/src/ui/NothingHere';
import { JobSummary, PickAndDrop } from 'shared/src/bookings/JobSections';
import { StatusBadge } from 'shared/src/bookings/StatusBadge';
import { customerBookingLabel, pastBookingStatusLabel } from 'shared/src/bookings/statusLabels';
import { formatDateLong, formatRequestedTime } from 'shared/src/format';
import { CANCEL_TEXTS, CancelBookingDialog } from '../components/CancelBookingDialog';
import { Stars } from '../components/Rating';
import { ProgressCard } from '../components/Stepper';
import '../styles/customer.css';

/**
 * Booking Details (/activebookingdetails, Customer view; state { jobId, page? }): the stepper, the
 * summary (date from the updated time, duration, price), pick and drop address, the status, View on Map
 * and Chat. With page=previousBooking it shows a past booking the same way. Live through useJob.
 * A Pending booking can be cancelled (issue 13: confirmation dialog, refund, then Previous Bookings); an
 * Accepted one says to chat with the provider instead. A rejected, cancelled or expired booking shows no
 * progress, and its label tells the customer about the refund.
 */
export default function ActiveBookingDetailsPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const jobId = navIdFrom(location, 'jobId');
  const { state, reload, replace, refreshError, refresh } = useJob(jobId);
  const past = showsPastBooking(location.state, state.status === 'ready' ? state.job : null);
  const listPath = past ? '/previousbooking' : '/activebooking';
  const listName = past ? 'Previous Bookings' : 'Active Bookings';
  const [confirming, setConfirming] = useState(false);

  const cancelled = () => {
    setConfirming(false);
    bus.emit({ type: 'toast/show', kind: 'success', message: CANCEL_TEXTS.done });
    void navigate('/previousbooking');
  };

  let body;
  if (state.status === 'loading') body = <Loader label="Loading the booking…" />;
  else if (state.status === 'error')
    body = <ErrorState message="The booking could not be loaded." detail={state.message} onRetry={() => void reload()} />;
  else if (state.status === 'missing')
    body = <NothingHere message={state.message} to={listPath} linkLabel={`Go to ${listName}`} />;
  else {
    const { job } = state;
    const label = past ? pastBookingStatusLabel(job.status, job.refunded) : customerBookingLabel(job);
    const canRate = job.status === 'Completed' && job.rating === null;
    body = (
      <>
        <section className="ui-card cust-status" aria-label="Driver">
          <span aria-hidden="true">
            <Avatar src={job.provider.avatar} name={job.provider.full_name} size={56} />
          </span>
          <span className="ui-person">
            <span className="ui-person__name">{job.provider.full_name}</span>
            <span className="ui-muted ui-small">{job.service_name}</span>
          </span>
          {/* Announced when it changes while the screen is open (the provider accepts or rejects). */}
          <span className="cust-job__meta" aria-live="polite">
            <span className="ui-visually-hidden">Status: </span>
            <StatusBadge status={job.status} label={label} />
            {job.rating !== null ? <Stars value={job.rating} /> : null}
          </span>
        </section>

        <ProgressCard status={job.status} />

        <JobSummary
          job={job}
          date={formatDateLong(job.updated_at)}
          requested={formatRequestedTime(job)}
          headingId="cust-summary"
        />
        <PickAndDrop job={job} headingId="cust-route" />

        {job.status === 'Accepted' ? <p className="cust-note">{CANCEL_TEXTS.accepted}</p> : null}
        <div className="ui-actions">
          <button
            type="button"
            className="ui-button ui-button--primary"
            onClick={() =>
              navigate(pathWithIds('/viewonmap', { jobId: job.id }), { state: { jobId: job.id } satisfies JobNavState })
            }
          >
            View on Map
          </button>
          <button type="button" className="ui-button" onClick={() => navigate(`/chatview/${job.provider_id}`)}>
            Chat
          </button>
          {canRate ? (
            <Link
              to={pathWithIds('/bookingfinished', { jobId: job.id })}
              state={{ jobId: job.id } satisfies JobNavState}
              className="ui-button"
            >
              Rate this booking
            </Link>
          ) : null}
          {canCustomerCancel(job) ? (
            <button type="button" className="ui-button ui-button--danger" onClick={() => setConfirming(true)}>
              {CANCEL_TEXTS.button}
            </button>
          ) : null}
          {past ? <Link to="/previousbooking">Back to Previous Bookings</Link> : null}
        </div>
        {confirming ? (
          <CancelBookingDialog
            jobId={job.id}
            status={job.status}
            onClose={() => setConfirming(false)}
            onCancelled={cancelled}
            // Quietly, under the open dialog: the page behind it then shows the booking as it is now.
            onOutdated={() => void fetchJob(job.id, { silent: true }).then(({ data }) => replace(data), console.error)}
          />
        ) : null}
      </>
    );
  }

  return (
    <div className="ui-page">
      <PageTitle>Booking Details</PageTitle>
      {state.status === 'ready' && refreshError ? (
        <ErrorState message="This booking could not be refreshed." detail={refreshError} onRetry={refresh} />
      ) : null}
      {body}
    </div>
  );
}
