import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  Avatar,
  ErrorState,
  Loader,
  type Job,
  type JobNavState,
  type JobState,
  type JobStatus,
  type PersonSummary,
} from 'shared';
import { pathWithIds } from 'shared/src/contracts/addressIds';
import { NothingHere } from 'shared/src/ui/NothingHere';
import { StatusBadge } from 'shared/src/bookings/StatusBadge';
import { closedRequestLine } from '../lib/jobs';
import '../styles/provider.css';
import { focusIsLost } from 'shared/src/ui/focus';

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
      <span className="ui-person">
        <span className="ui-person__name">{person.full_name}</span>
        {detail ? <span className="ui-muted ui-small">{detail}</span> : null}
      </span>
      {status ? (
        // Announced when it changes while the screen is open (the customer cancels, the job expires).
        <span className="prov-person-row__status" aria-live="polite">
          <span className="ui-visually-hidden">Status: </span>
          <StatusBadge status={status} label={statusLabel} />
        </span>
      ) : null}
    </section>
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

/**
 * A job request that can no longer be answered: why (the customer cancelled it, it expired, or, as
 * `children` says, it was answered already) and the ways on, to the job's details or the requests.
 */
export function RequestNoLongerOpen({ job, children }: { job: Pick<Job, 'id' | 'status'>; children: ReactNode }) {
  const card = useRef<HTMLDivElement>(null);
  // Shown in place of the buttons the provider may have had the focus on (the customer cancelled
  // meanwhile): the focus, lost with them, comes here, and the reason is read out.
  useEffect(() => {
    if (focusIsLost()) card.current?.focus();
  }, []);
  return (
    <div ref={card} className="ui-card ui-empty" tabIndex={-1}>
      <p>{closedRequestLine(job.status) ?? children}</p>
      <div className="ui-actions">
        <Link
          to={pathWithIds('/provideractivebookingdetails', { jobId: job.id })}
          state={{ jobId: job.id } satisfies JobNavState}
          className="ui-button ui-button--primary"
        >
          Open Job Details
        </Link>
        <Link to="/jobrequest" className="ui-button">
          Go to Job Requests
        </Link>
      </div>
    </div>
  );
}

/** A failed action's message, announced at once. */
export function ActionError({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className="ui-alert">
      {message}
    </p>
  ) : null;
}
