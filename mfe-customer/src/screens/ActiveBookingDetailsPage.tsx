import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import {
  Avatar,
  bus,
  canCustomerCancel,
  customerBookingLabel,
  ErrorState,
  formatPrice,
  idFromState,
  Loader,
  PageTitle,
  pastBookingStatusLabel,
  StatusBadge,
  useJob,
  type Job,
  type JobNavState,
  type JobStatus,
} from 'shared';
import { formatDateLong } from 'shared/src/format';
import { CANCEL_TEXTS, CancelBookingDialog } from '../components/CancelBookingDialog';
import { Stars } from '../components/Rating';
import { Stepper } from '../components/Stepper';
import '../styles/customer.css';

/** When the customer asked for the ride (the booking form's day, date, time and custom time), if given. */
function requestedTime(job: Job): string | null {
  const parts = [job.date || job.day, job.time, job.custom_time].filter((p): p is string => Boolean(p && p.trim()));
  return parts.length ? parts.join(', ') : null;
}

/** A booking that ended without a ride: no progress to show. */
const ENDED_WITHOUT_RIDE: readonly JobStatus[] = ['Rejected', 'Cancelled', 'Expired'];

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
  const jobId = idFromState(location.state, 'jobId');
  const past = (location.state as Partial<JobNavState> | null)?.page === 'previousBooking';
  const { state, reload } = useJob(jobId);
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
    body = (
      <div className="ui-card cust-empty">
        <p>{state.message}</p>
        <Link to={listPath} className="ui-button ui-button--primary">
          Go to {listName}
        </Link>
      </div>
    );
  else {
    const { job } = state;
    const label = past ? pastBookingStatusLabel(job.status, job.refunded) : customerBookingLabel(job);
    const ended = ENDED_WITHOUT_RIDE.includes(job.status);
    const when = requestedTime(job);
    const canRate = job.status === 'Completed' && job.rating === null;
    body = (
      <>
        <section className="ui-card cust-status" aria-label="Driver">
          <span aria-hidden="true">
            <Avatar src={job.provider.avatar} name={job.provider.full_name} size={56} />
          </span>
          <span className="cust-person">
            <span className="cust-person__name">{job.provider.full_name}</span>
            <span className="cust-muted cust-small">{job.service_name}</span>
          </span>
          <span className="cust-job__meta">
            <span className="cust-visually-hidden">Status: </span>
            <StatusBadge status={job.status} label={label} />
            {job.rating !== null ? <Stars value={job.rating} /> : null}
          </span>
        </section>

        {ended ? null : (
          <section className="ui-card" aria-labelledby="cust-progress">
            <h2 id="cust-progress" className="cust-section-title">
              Progress
            </h2>
            <Stepper status={job.status} />
          </section>
        )}

        <section className="ui-card" aria-labelledby="cust-summary">
          <h2 id="cust-summary" className="cust-section-title">
            Summary
          </h2>
          <dl className="cust-details">
            <div>
              <dt>Date</dt>
              <dd>{formatDateLong(job.updated_at)}</dd>
            </div>
            <div>
              <dt>Duration</dt>
              <dd>{job.duration?.trim() || 'Not set yet'}</dd>
            </div>
            <div>
              <dt>Price</dt>
              <dd>{formatPrice(job.price)}</dd>
            </div>
            {when ? (
              <div>
                <dt>Requested for</dt>
                <dd>{when}</dd>
              </div>
            ) : null}
          </dl>
        </section>

        <section className="ui-card" aria-labelledby="cust-route">
          <h2 id="cust-route" className="cust-section-title">
            Pick and Drop
          </h2>
          <ul className="cust-route">
            <li>
              <span className="cust-route__pin" aria-hidden="true" />
              <span>
                <span className="cust-route__label">Pick Address</span>
                {job.address}
              </span>
            </li>
            <li>
              <span className="cust-route__pin" aria-hidden="true" />
              <span>
                <span className="cust-route__label">Drop Address</span>
                {job.destination_address}
              </span>
            </li>
          </ul>
        </section>

        {job.status === 'Accepted' ? <p className="cust-note">{CANCEL_TEXTS.accepted}</p> : null}
        <div className="cust-actions">
          <button
            type="button"
            className="ui-button ui-button--primary"
            onClick={() => navigate('/viewonmap', { state: { jobId: job.id } satisfies JobNavState })}
          >
            View on Map
          </button>
          <button type="button" className="ui-button" onClick={() => navigate(`/chatview/${job.provider_id}`)}>
            Chat
          </button>
          {canRate ? (
            <Link to="/bookingfinished" state={{ jobId: job.id } satisfies JobNavState} className="ui-button">
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
        {confirming ? <CancelBookingDialog jobId={job.id} onClose={() => setConfirming(false)} onCancelled={cancelled} /> : null}
      </>
    );
  }

  return (
    <div className="ui-page">
      <PageTitle>Booking Details</PageTitle>
      {body}
    </div>
  );
}
