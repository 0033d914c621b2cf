import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  Avatar,
  ErrorState,
  formatPrice,
  Loader,
  StatusBadge,
  type Job,
  type JobState,
  type JobStatus,
  type PersonSummary,
} from 'shared';
import { formatDateLong } from 'shared/src/format';
import { requestedTime } from '../lib/jobs';
import '../styles/provider.css';

/** A person of a job (avatar, name, a line under it) and, on the side, the job's status. */
export function PersonRow({
  person,
  label,
  detail,
  status,
  statusLabel,
}: {
  person: PersonSummary;
  /** Names the block for assistive technology, e.g. "Customer". */
  label: string;
  detail?: ReactNode;
  status?: JobStatus;
  statusLabel?: string;
}) {
  return (
    <section className="ui-card prov-person-row" aria-label={label}>
      <span aria-hidden="true">
        <Avatar src={person.avatar} name={person.full_name} size={56} />
      </span>
      <span className="prov-person">
        <span className="prov-person__name">{person.full_name}</span>
        {detail ? <span className="prov-muted prov-small">{detail}</span> : null}
      </span>
      {status ? (
        <span className="prov-person-row__status">
          <span className="prov-visually-hidden">Status: </span>
          <StatusBadge status={status} label={statusLabel} />
        </span>
      ) : null}
    </section>
  );
}

/** Summary of a job: its date ('MMMM Do YYYY, h:mm a'), duration, price, and when the customer asked for it. */
export function JobSummary({ job, date }: { job: Job; date: string }) {
  const when = requestedTime(job);
  return (
    <section className="ui-card" aria-labelledby={`prov-summary-${job.id}`}>
      <h2 id={`prov-summary-${job.id}`} className="prov-section-title">
        Summary
      </h2>
      <dl className="prov-details">
        <div>
          <dt>Date</dt>
          <dd>{formatDateLong(date)}</dd>
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
  );
}

/** Pick and drop address of a job. */
export function PickAndDrop({ job }: { job: Job }) {
  return (
    <section className="ui-card" aria-labelledby={`prov-route-${job.id}`}>
      <h2 id={`prov-route-${job.id}`} className="prov-section-title">
        Pick and Drop
      </h2>
      <ul className="prov-route">
        <li>
          <span className="prov-route__pin" aria-hidden="true" />
          <span>
            <span className="prov-route__label">Pick Address</span>
            {job.address}
          </span>
        </li>
        <li>
          <span className="prov-route__pin prov-route__pin--drop" aria-hidden="true" />
          <span>
            <span className="prov-route__label">Drop Address</span>
            {job.destination_address}
          </span>
        </li>
      </ul>
    </section>
  );
}

/** A message with a way on, for a screen that has nothing to show (no job chosen, not found, not yours). */
export function NothingHere({
  message,
  to,
  linkLabel,
  state,
}: {
  message: string;
  to: string;
  linkLabel: string;
  state?: unknown;
}) {
  return (
    <div className="ui-card prov-empty">
      <p>{message}</p>
      <Link to={to} state={state} className="ui-button ui-button--primary">
        {linkLabel}
      </Link>
    </div>
  );
}

/**
 * What a one-job screen shows until its job is ready: the loader, the failure with Retry, or the
 * missing / not-yours message of useJob with a link on (Job Requests by default). Null once the job is ready.
 */
export function JobStateView({
  state,
  reload,
  what = 'job',
  back = { to: '/jobrequest', label: 'Go to Job Requests' },
}: {
  state: JobState;
  reload: () => void;
  what?: string;
  /** Where the missing / not-yours message leads. */
  back?: { to: string; label: string };
}) {
  if (state.status === 'loading') return <Loader label={`Loading the ${what}…`} />;
  if (state.status === 'error')
    return <ErrorState message={`The ${what} could not be loaded.`} detail={state.message} onRetry={reload} />;
  if (state.status === 'missing') return <NothingHere message={state.message} to={back.to} linkLabel={back.label} />;
  return null;
}

/** A failed action's message, announced at once. */
export function ActionError({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className="prov-alert">
      {message}
    </p>
  ) : null;
}
