import { useEffect, useRef, type RefObject } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ErrorState, PageTitle, useJob, type JobNavState, useSessionUser } from 'shared';
import {
  DENIED_MESSAGE,
  SERVICE_ERROR_MESSAGE,
  SHARE_LOCATION_LABEL,
  shareLocationNow,
  UNAVAILABLE_MESSAGE,
  UNSUPPORTED_MESSAGE,
  useLocationSharing,
  type SharingState,
} from 'shared/src/location';
import { pathWithIds, navIdFrom } from 'shared/src/contracts/addressIds';
import { JobSummary, PickAndDrop } from 'shared/src/bookings/JobSections';
import { bookingStatusLabel, pastBookingStatusLabel } from 'shared/src/bookings/statusLabels';
import { formatDateLong, formatRequestedTime } from 'shared/src/format';
import { closedRequestLine } from '../lib/jobs';
import { useStatusChange } from '../lib/useStatusChange';
import { ActionError, JobStateView, PersonRow } from './JobParts';
import { ProvidersOnly } from './ProvidersOnly';
import '../styles/provider.css';
import { showsPastBooking } from 'shared/src/bookings/jobLists';
import { focusIsLost } from 'shared/src/ui/focus';

/** The approve toggle of spec section 4 (Accepted → Pending), labelled so a provider knows what it does. */
export const MOVE_BACK_LABEL = 'Move back to Waiting for Approval';

/** Said on a job in progress while the customer cannot follow the provider on the map (deviation 54). */
export const NOT_SHARED_LINE = 'Your location is not shared, so the customer cannot follow you on the map.';

const CANNOT_FOLLOW: Partial<Record<SharingState, string>> = {
  ask: NOT_SHARED_LINE,
  denied: DENIED_MESSAGE,
  unavailable: UNAVAILABLE_MESSAGE,
  unsupported: UNSUPPORTED_MESSAGE,
  error: SERVICE_ERROR_MESSAGE,
};

/**
 * On a job in progress, why the customer cannot follow the provider, and (not asked yet) Share location:
 * the shell's notice bar says it too, but once dismissed nothing else offered to turn sharing on.
 */
function SharingForThisJob({ next }: { next: RefObject<HTMLButtonElement | null> }) {
  const { state } = useLocationSharing();
  const line = CANNOT_FOLLOW[state] ?? null;
  // Share location pressed, the block goes (the position is on its way) and its button with it: the
  // focus goes on to the job's next action (Finish Job) rather than to the page.
  const shown = useRef(line);
  useEffect(() => {
    if (shown.current && !line && focusIsLost()) next.current?.focus();
    shown.current = line;
  }, [line, next]);
  if (!line) return null;
  return (
    <div className="prov-sharing" role="group" aria-label="Location">
      <p>{line}</p>
      {state === 'ask' ? (
        <button type="button" className="ui-button" onClick={shareLocationNow}>
          {SHARE_LOCATION_LABEL}
        </button>
      ) : null}
    </div>
  );
}

/**
 * Job Details, the provider's view of one job (/provideractivebookingdetails and the Provider view of
 * /activebookingdetails; state { jobId, page? }): the customer, the summary (date from the updated time,
 * duration, price), pick and drop, the status, View Map and Chat. While the job is Accepted: Finish Job
 * (PATCH with the job's own id, deviation 8, then /ridefinished) and the approve toggle back to Pending.
 * A Pending job leads to its request to be accepted or rejected; a cancelled or expired one says why it
 * is closed. Live through useJob.
 */
export function JobDetails() {
  const location = useLocation();
  const navigate = useNavigate();
  const isProvider = useSessionUser()?.role === 'Provider';
  const jobId = navIdFrom(location, 'jobId');
  const { state, reload, replace, refreshError, refresh } = useJob(isProvider ? jobId : null);
  const past = showsPastBooking(location.state, state.status === 'ready' ? state.job : null);
  const { pending, busy, error, change } = useStatusChange(state.status === 'ready' ? state.job.status : undefined);
  // Moved back to Waiting for Approval, the job's buttons (the pressed one too) give way to 'Accept or
  // Reject': the focus goes there once it is shown, not to the page.
  const acceptOrReject = useRef<HTMLAnchorElement>(null);
  const finishButton = useRef<HTMLButtonElement>(null);
  const focusAcceptOrReject = useRef(false);
  useEffect(() => {
    if (!focusAcceptOrReject.current || !acceptOrReject.current) return;
    focusAcceptOrReject.current = false;
    acceptOrReject.current.focus();
  });

  let body;
  if (!isProvider) body = <ProvidersOnly jobId={jobId} />;
  else if (state.status !== 'ready')
    body = (
      <JobStateView
        state={state}
        reload={() => void reload()}
        back={
          past
            ? { to: '/previousbooking', label: 'Go to Previous Bookings' }
            : { to: '/activebooking', label: 'Go to Active Bookings' }
        }
      />
    );
  else {
    const { job } = state;
    const label = past ? pastBookingStatusLabel(job.status) : bookingStatusLabel(job.status);
    // Also while our own change is on its way (its live update can come first): the buttons stay, busy.
    const accepted = job.status === 'Accepted' || busy;
    const closedLine = closedRequestLine(job.status);

    const finish = async () => {
      const result = await change(job.id, 'Completed');
      if (result.ok) {
        if (result.shown)
          void navigate(pathWithIds('/ridefinished', { jobId: job.id }), { state: { jobId: job.id } satisfies JobNavState });
      } else if (result.conflict) void reload();
    };
    const moveBack = async () => {
      const result = await change(job.id, 'Pending');
      if (result.ok) {
        focusAcceptOrReject.current = true;
        if (result.job) replace(result.job);
        else void reload();
      } else if (result.conflict) void reload();
    };

    body = (
      <>
        <PersonRow person={job.customer} label="Customer" detail={job.service_name} status={job.status} statusLabel={label} />
        {closedLine ? <p className="ui-card ui-empty">{closedLine}</p> : null}
        <JobSummary
          job={job}
          date={formatDateLong(job.updated_at)}
          requested={formatRequestedTime(job)}
          headingId={`prov-summary-${job.id}`}
        />
        <PickAndDrop job={job} headingId={`prov-route-${job.id}`} />
        <div className="ui-actions">
          <button
            type="button"
            className="ui-button"
            onClick={() =>
              navigate(pathWithIds('/viewonmap', { jobId: job.id }), { state: { jobId: job.id } satisfies JobNavState })
            }
          >
            View Map
          </button>
          <button type="button" className="ui-button" onClick={() => navigate(`/chatview/${job.customer_id}`)}>
            Chat
          </button>
          {job.status === 'Pending' ? (
            <Link
              ref={acceptOrReject}
              to={pathWithIds('/jobrequestdetails', { jobId: job.id })}
              state={{ jobId: job.id } satisfies JobNavState}
              className="ui-button ui-button--primary"
            >
              Accept or Reject
            </Link>
          ) : null}
        </div>
        {accepted ? (
          <section className="ui-card prov-finish" aria-labelledby="prov-finish-title">
            <h2 id="prov-finish-title" className="ui-section-title">
              Job in progress
            </h2>
            <p className="ui-muted ui-small">Finish the job once the customer has reached the destination.</p>
            {job.status === 'Accepted' ? <SharingForThisJob next={finishButton} /> : null}
            <div className="ui-actions">
              <button
                ref={finishButton}
                type="button"
                className="ui-button ui-button--primary prov-wide"
                disabled={busy}
                aria-busy={pending === 'Completed'}
                onClick={() => void finish()}
              >
                Finish Job
              </button>
              <button
                type="button"
                className="ui-button"
                disabled={busy}
                aria-busy={pending === 'Pending'}
                onClick={() => void moveBack()}
              >
                {MOVE_BACK_LABEL}
              </button>
            </div>
          </section>
        ) : null}
        {past ? (
          <p>
            <Link to="/previousbooking">Back to Previous Bookings</Link>
          </p>
        ) : null}
      </>
    );
  }

  return (
    <div className="ui-page prov-page">
      <PageTitle>Job Details</PageTitle>
      <ActionError message={error} />
      {state.status === 'ready' && refreshError ? (
        <ErrorState message="This job could not be refreshed." detail={refreshError} onRetry={refresh} />
      ) : null}
      {body}
    </div>
  );
}
