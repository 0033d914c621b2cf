import { Link } from 'react-router-dom';
import { Avatar, formatPrice, type Job, type JobNavState, type Role } from 'shared';
import { pathWithIds } from 'shared/src/contracts/addressIds';
import { counterpartOf } from 'shared/src/bookings/jobLists';
import { StatusBadge } from 'shared/src/bookings/StatusBadge';
import { bookingStatusLabel, customerBookingLabel, pastBookingStatusLabel } from 'shared/src/bookings/statusLabels';
import { formatDateLong } from 'shared/src/format';
import { RatingValue, Stars } from './Rating';
import '../styles/customer.css';

export interface JobCardProps {
  job: Job;
  /** The viewer's role: the card shows the other party of the job. */
  role: Role | undefined;
  /** Active Bookings (status label, rating) or Previous Bookings (past label, stars, rating action). */
  variant: 'active' | 'previous';
  /** Told when the card's booking is opened (before the navigation). */
  onOpen?: () => void;
}

/**
 * One booking: the counterpart's avatar and name, the service, the updated time
 * ('MMMM Do YYYY, h:mm a'), a dash and the price, and on the side the status (and rating).
 * The whole card opens the booking's details (a press on the status too), except its own 'Rate this booking' link.
 * The customer reads their own label (a refunded rejection says so); the provider the plain status.
 */
export function JobCard({ job, role, variant, onOpen }: JobCardProps) {
  const person = counterpartOf(job, role);
  const state: JobNavState = variant === 'previous' ? { jobId: job.id, page: 'previousBooking' } : { jobId: job.id };
  const isCustomer = role === 'Customer';
  const canRate = variant === 'previous' && isCustomer && job.status === 'Completed' && job.rating === null;
  const label =
    variant === 'previous'
      ? pastBookingStatusLabel(job.status, isCustomer && job.refunded)
      : isCustomer
        ? customerBookingLabel(job)
        : bookingStatusLabel(job.status);
  return (
    <li className="ui-card cust-flush cust-job">
      <Link to={pathWithIds('/activebookingdetails', state)} state={state} className="cust-person-link" onClick={onOpen}>
        <span aria-hidden="true">
          <Avatar src={person.avatar} name={person.full_name} size={48} />
        </span>
        <span className="ui-person" id={`cust-job-${job.id}`}>
          <span className="ui-person__name">{person.full_name}</span>
          <span className="cust-job__meta">
            <span className="ui-muted ui-small">{job.service_name}</span>
            <span className="cust-job__when">
              {formatDateLong(job.updated_at)} - {formatPrice(job.price)}
            </span>
          </span>
        </span>
      </Link>
      <div className="cust-job__side">
        {variant === 'active' ? (
          <>
            <StatusBadge status={job.status} label={label} />
            {/* The driver's average for a customer; a provider sees the spec's placeholder (customers are not rated). */}
            <RatingValue rating={isCustomer ? job.provider.rating : null} />
          </>
        ) : (
          <>
            <StatusBadge status={job.status} label={label} />
            {job.rating !== null ? <Stars value={job.rating} /> : null}
            {canRate ? (
              <Link
                to={pathWithIds('/bookingfinished', { jobId: job.id })}
                state={{ jobId: job.id } satisfies JobNavState}
                className="ui-button ui-button--primary ui-small"
                aria-describedby={`cust-job-${job.id}`}
              >
                Rate this booking
              </Link>
            ) : null}
          </>
        )}
      </div>
    </li>
  );
}
