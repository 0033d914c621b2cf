import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ErrorState, hasAppEntryBehind, Loader, PageTitle, useJob, type Job, type JobNavState, useSessionUser } from 'shared';
import { pathWithIds, navIdFrom } from 'shared/src/contracts/addressIds';
import { ProgressCard } from '../components/Stepper';
import { CustomerFollowMap } from '../map/CustomerFollowMap';
import { mapViewFor } from '../map/mapView';
import { ProviderOwnMap } from '../map/ProviderOwnMap';
import '../styles/customer.css';
import '../map/map.css';

/** Where Go Back leads when the map was opened directly (no history): the job's details for each role. */
function detailsRoute(role: string | undefined, job: Job | null): { path: string; state?: JobNavState } {
  if (!job) return { path: role === 'Provider' ? '/jobrequest' : '/activebooking' };
  return { path: role === 'Provider' ? '/provideractivebookingdetails' : '/activebookingdetails', state: { jobId: job.id } };
}

/**
 * View on Map (/viewonmap; navigation state { jobId }). The customer of an Accepted job follows the
 * provider's live position (and sees their own), with the booking's stepper; for any other status it
 * says why there is nothing to follow. The job's provider sees their own position, the pick-up
 * address and the stepper. A job that is not the user's, or no job at all, is said so. Go Back and Chat
 * always (spec section 2): Chat opens the conversation with the job's other party, or, with none to name,
 * the chat list.
 */
export default function ViewOnMapPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const users = useSessionUser();
  const jobId = navIdFrom(location, 'jobId');
  const { state, reload, refreshError, refresh } = useJob(jobId);
  const job = state.status === 'ready' ? state.job : null;
  const view = job ? mapViewFor(job, users ? { id: users.id, role: users.role } : null) : null;

  const goBack = () => {
    // Opened from a screen of the app: back to it; opened directly: to the job's details.
    if (hasAppEntryBehind(location)) void navigate(-1);
    else {
      const target = detailsRoute(users?.role, view && view.kind !== 'notYours' ? job : null);
      void navigate(pathWithIds(target.path, target.state ?? {}), { state: target.state });
    }
  };
  const chatWith =
    job && view ? (view.kind === 'provider' ? job.customer_id : view.kind === 'notYours' ? null : job.provider_id) : null;

  let body;
  if (state.status === 'loading') body = <Loader label="Loading the booking…" />;
  else if (state.status === 'error')
    body = <ErrorState message="The booking could not be loaded." detail={state.message} onRetry={() => void reload()} />;
  else if (state.status === 'missing' || !job || !view)
    body = (
      <div className="ui-card ui-empty">
        <p role="status" aria-label="Map status">
          {state.status === 'missing' ? state.message : 'No booking was chosen.'}
        </p>
        <Link to={users?.role === 'Provider' ? '/jobrequest' : '/activebooking'} className="ui-button ui-button--primary">
          {users?.role === 'Provider' ? 'Go to Job Requests' : 'Go to Active Bookings'}
        </Link>
      </div>
    );
  else if (view.kind === 'notYours')
    body = (
      <div className="ui-card ui-empty">
        <p role="status" aria-label="Map status">
          {view.message}
        </p>
      </div>
    );
  else if (view.kind === 'provider')
    body = (
      <>
        <ProviderOwnMap job={job} />
        <ProgressCard status={job.status} />
      </>
    );
  else
    body = (
      <>
        {view.kind === 'follow' ? (
          <CustomerFollowMap job={job} />
        ) : (
          <section className="ui-card cust-map" aria-labelledby="cust-map-title">
            <h2 id="cust-map-title" className="ui-section-title">
              {job.provider.full_name}
            </h2>
            <p className="cust-map__status" role="status" aria-label="Map status">
              {view.message}
            </p>
          </section>
        )}
        <ProgressCard status={job.status} />
      </>
    );

  return (
    <div className="ui-page">
      <PageTitle>View on Map</PageTitle>
      {state.status === 'ready' && refreshError ? (
        <ErrorState message="This booking could not be refreshed." detail={refreshError} onRetry={refresh} />
      ) : null}
      {body}
      <div className="ui-actions">
        <button type="button" className="ui-button" onClick={goBack}>
          Go Back
        </button>
        <button
          type="button"
          className="ui-button ui-button--primary"
          onClick={() => void navigate(chatWith ? `/chatview/${chatWith}` : '/chatview')}
        >
          Chat
        </button>
      </div>
    </div>
  );
}
