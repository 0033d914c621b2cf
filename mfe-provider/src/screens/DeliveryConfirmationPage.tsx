import { useLocation, useNavigate } from 'react-router-dom';
import {
  hasAppEntryBehind,
  ErrorState,
  formatPrice,
  PageTitle,
  useJob,
  type DeliveryConfirmationNavState,
  type JobNavState,
  useSessionUser,
} from 'shared';
import { pathWithIds, navIdFrom } from 'shared/src/contracts/addressIds';
import { NothingHere } from 'shared/src/ui/NothingHere';
import { bookingStatusLabel } from 'shared/src/bookings/statusLabels';
import { ActionError, JobStateView, PersonRow, RequestNoLongerOpen } from '../components/JobParts';
import { ProvidersOnly } from '../components/ProvidersOnly';
import { closedRequestLine } from '../lib/jobs';
import { useStatusChange } from '../lib/useStatusChange';
import '../styles/provider.css';

/** The two confirmations of spec section 2, word for word. */
export const CONFIRMATION = {
  accept: {
    question: 'Do you want to Accept the User Request?',
    button: 'Accept & Inform User',
    status: 'Accepted',
    then: '/activebooking',
  },
  reject: {
    question: 'Are you sure you want to reject User Request?',
    button: 'Reject and Inform User',
    status: 'Rejected',
    then: '/jobrequest',
  },
} as const;

function actionFrom(location: { state: unknown; search: string }): DeliveryConfirmationNavState['action'] | null {
  const { state } = location;
  const action =
    state && typeof state === 'object'
      ? (state as Record<string, unknown>).action
      : new URLSearchParams(location.search).get('action');
  return action === 'accept' || action === 'reject' ? action : null;
}

/**
 * Delivery Confirmation (/deliveryconfirmation, state { jobId, action }): asks to accept or reject a
 * request and sends PATCH /api/jobs/{id} with Accepted or Rejected (the server's success message shows
 * as the global alert); then an accepted job leads to /activebooking and a rejected one to /jobrequest.
 * The button is disabled while the call is in flight. A job that is no longer waiting (the API's 409)
 * shows the server's message and the job's current state, and stays here; a request the customer cancelled
 * or that expired says so instead of offering the confirmation (also when it changes live).
 */
export default function DeliveryConfirmationPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const isProvider = useSessionUser()?.role === 'Provider';
  const jobId = navIdFrom(location, 'jobId');
  const action = actionFrom(location);
  const { state, reload, refreshError, refresh } = useJob(isProvider && action ? jobId : null);
  const { busy, error, change } = useStatusChange(state.status === 'ready' ? state.job.status : undefined);

  let body;
  if (!isProvider) body = <ProvidersOnly jobId={jobId} />;
  else if (!jobId || !action)
    body = (
      <NothingHere message="No request was chosen. Open one from Job Requests." to="/jobrequest" linkLabel="Go to Job Requests" />
    );
  else if (state.status !== 'ready') body = <JobStateView state={state} reload={() => void reload()} what="job request" />;
  else {
    const { job } = state;
    const step = CONFIRMATION[action];
    const confirm = async () => {
      const result = await change(job.id, step.status);
      if (result.ok) {
        if (result.shown) void navigate(step.then);
      } else if (result.conflict) void reload();
    };
    body = (
      <>
        <PersonRow
          person={job.customer}
          label="Customer"
          detail={`${job.service_name} · ${formatPrice(job.price)}`}
          status={job.status}
          statusLabel={bookingStatusLabel(job.status)}
        />
        {/* While the answer is on its way the job's live update may already read Accepted: still sending. */}
        {job.status === 'Pending' || busy ? (
          <section className="ui-card prov-confirm" aria-labelledby="prov-confirm-question">
            <span className={`prov-confirm__icon prov-confirm__icon--${action}`} aria-hidden="true">
              {action === 'accept' ? '✓' : '✕'}
            </span>
            <h2 id="prov-confirm-question">{step.question}</h2>
            <p className="ui-muted">
              <bdi>{job.address}</bdi> → <bdi>{job.destination_address}</bdi>
            </p>
            <div className="ui-actions prov-actions--center">
              <button
                type="button"
                className={`ui-button prov-wide ${action === 'accept' ? 'ui-button--primary' : 'prov-button--danger'}`}
                disabled={busy}
                aria-busy={busy}
                onClick={() => void confirm()}
              >
                {step.button}
              </button>
              <button
                type="button"
                className="ui-button"
                disabled={busy}
                onClick={() =>
                  // Back to the request it came from (the browser's Back then leaves it too); opened
                  // directly, with no entry of the app before it, the request takes this entry's place.
                  hasAppEntryBehind(location)
                    ? navigate(-1)
                    : navigate(pathWithIds('/jobrequestdetails', { jobId: job.id }), {
                        replace: true,
                        state: { jobId: job.id } satisfies JobNavState,
                      })
                }
              >
                Go Back
              </button>
            </div>
          </section>
        ) : (
          <RequestNoLongerOpen job={job}>
            This request is no longer waiting for approval. It is now: {bookingStatusLabel(job.status)}.
          </RequestNoLongerOpen>
        )}
      </>
    );
  }

  return (
    <div className="ui-page prov-page">
      <PageTitle>Delivery Confirmation</PageTitle>
      {/* The API's words for a request cancelled or expired meanwhile are the closed request's own line: said once. */}
      <ActionError message={state.status === 'ready' && error === closedRequestLine(state.job.status) ? null : error} />
      {state.status === 'ready' && refreshError ? (
        <ErrorState message="This job could not be refreshed." detail={refreshError} onRetry={refresh} />
      ) : null}
      {body}
    </div>
  );
}
