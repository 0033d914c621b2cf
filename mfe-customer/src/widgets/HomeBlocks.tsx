import { Link } from 'react-router-dom';
import { Avatar, ErrorState, fetchReviews, formatPrice, Loader, useMyJobs, type JobNavState } from 'shared';
import { pathWithIds } from 'shared/src/contracts/addressIds';
import { newestOngoing } from 'shared/src/bookings/jobLists';
import { StatusBadge } from 'shared/src/bookings/StatusBadge';
import { customerBookingLabel } from 'shared/src/bookings/statusLabels';
import { ReviewList } from '../components/ReviewList';
import { OFFERS } from '../lib/samples';
import { useLoad } from '../lib/useLoad';
import '../styles/customer.css';
import './HomeBlocks.css';

/** The Status block: the newest on-going booking (live), or a line saying there is none ('yet' before the first booking). */
function StatusBlock() {
  const { state, reload, refreshError, refresh } = useMyJobs();
  const job = state.status === 'ready' ? newestOngoing(state.jobs) : null;
  return (
    <section className="ui-card" aria-labelledby="customer-status">
      <div className="cust-block-head">
        <h2 id="customer-status">Status</h2>
        <Link to="/jobrequest">View your bookings</Link>
      </div>
      {state.status === 'loading' ? <Loader label="Loading your bookings…" /> : null}
      {state.status === 'error' ? (
        <ErrorState message="Your bookings could not be loaded." detail={state.message} onRetry={() => void reload()} />
      ) : null}
      {state.status === 'ready' && refreshError ? (
        <ErrorState message="Your bookings could not be refreshed." detail={refreshError} onRetry={refresh} />
      ) : null}
      {state.status === 'ready' && !job ? (
        <div className="ui-empty">
          <p>{state.jobs.length === 0 ? 'You have no on-going bookings yet.' : 'You have no on-going bookings.'}</p>
          <Link to="/service" className="ui-button ui-button--primary">
            Book a service
          </Link>
        </div>
      ) : null}
      {job ? (
        <div className="cust-status" aria-label="On-going booking" role="group">
          <span aria-hidden="true">
            <Avatar src={job.provider.avatar} name={job.provider.full_name} size={48} />
          </span>
          <span className="ui-person">
            <span className="ui-person__name">{job.provider.full_name}</span>
            <span className="ui-muted ui-small">{job.service_name}</span>
          </span>
          <StatusBadge status={job.status} label={customerBookingLabel(job)} />
          <span className="cust-status__price">{formatPrice(job.price)}</span>
          <Link
            to={pathWithIds('/activebookingdetails', { jobId: job.id })}
            state={{ jobId: job.id } satisfies JobNavState}
            className="ui-button ui-button--primary"
          >
            View Details
          </Link>
        </div>
      ) : null}
    </section>
  );
}

function OffersBlock() {
  return (
    <section className="ui-card" aria-labelledby="customer-offers">
      <h2 id="customer-offers">Offers for you</h2>
      <ul className="ui-grid" aria-label="Offers">
        {OFFERS.map((offer) => (
          <li key={offer.id} className="cust-offer">
            <h3>{offer.title}</h3>
            <p>{offer.text}</p>
            <span className="cust-offer__code">
              <span className="ui-visually-hidden">Code </span>
              {offer.code}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

const loadRecentReviews = async () => (await fetchReviews(undefined, { silent: true })).data.slice(0, 3);

function ReviewsBlock() {
  // A failed read is tried again once the server is back (useLoad).
  const { state, reload } = useLoad(loadRecentReviews);
  return (
    <section className="ui-card" aria-labelledby="customer-reviews">
      <h2 id="customer-reviews">Recent Reviews</h2>
      {state.status === 'loading' ? <Loader label="Loading reviews…" /> : null}
      {state.status === 'error' ? (
        <ErrorState message="The reviews could not be loaded." detail={state.message} onRetry={reload} />
      ) : null}
      {state.status === 'ready' ? <ReviewList reviews={state.data} /> : null}
    </section>
  );
}

/**
 * The customer's blocks on the shell's Home page (the shell shows the title and the Services row):
 * Status (newest on-going booking, live), Offers for you and Recent Reviews.
 */
export default function HomeBlocks() {
  return (
    <div className="home-blocks">
      <StatusBlock />
      <OffersBlock />
      <ReviewsBlock />
    </div>
  );
}
