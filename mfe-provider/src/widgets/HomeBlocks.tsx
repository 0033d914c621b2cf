import { Link } from 'react-router-dom';
import { Avatar, ErrorState, formatPrice, Loader, useMyJobs, type JobNavState, type User, useSessionUser } from 'shared';
import { pathWithIds } from 'shared/src/contracts/addressIds';
import { newestAccepted } from 'shared/src/bookings/jobLists';
import { StatusBadge } from 'shared/src/bookings/StatusBadge';
import { bookingStatusLabel } from 'shared/src/bookings/statusLabels';
import '../styles/provider.css';
import './HomeBlocks.css';

/** The Status block: the newest Accepted job (live), or a line saying there is none; View Details → /jobrequest. */
function StatusBlock() {
  const { state, reload, refreshError, refresh } = useMyJobs();
  const job = state.status === 'ready' ? newestAccepted(state.jobs) : null;
  return (
    <section className="ui-card" aria-labelledby="provider-status">
      <div className="prov-block-head">
        <h2 id="provider-status">Status</h2>
        <Link to="/jobrequest" className="ui-button ui-button--primary">
          View Details
        </Link>
      </div>
      {/* As high as the loader or the no-job line: the answer never moves the Services row (issue 12). */}
      <div className="prov-home__status-body">
        {state.status === 'loading' ? <Loader label="Loading your jobs…" /> : null}
        {state.status === 'error' ? (
          <ErrorState message="Your jobs could not be loaded." detail={state.message} onRetry={() => void reload()} />
        ) : null}
        {state.status === 'ready' && refreshError ? (
          <ErrorState message="Your jobs could not be refreshed." detail={refreshError} onRetry={refresh} />
        ) : null}
        {state.status === 'ready' && !job ? (
          <p className="ui-muted prov-home__none">You have no on-going job right now.</p>
        ) : null}
        {job ? (
          <div className="prov-home__job" role="group" aria-label="On-going job">
            <span aria-hidden="true">
              <Avatar src={job.customer.avatar} name={job.customer.full_name} size={48} />
            </span>
            <span className="ui-person">
              <span className="ui-person__name">{job.customer.full_name}</span>
              <span className="ui-muted ui-small">{job.service_name}</span>
            </span>
            <StatusBadge status={job.status} label={bookingStatusLabel(job.status)} />
            <span className="prov-home__price">{formatPrice(job.price)}</span>
            <Link
              to={pathWithIds('/provideractivebookingdetails', { jobId: job.id })}
              state={{ jobId: job.id } satisfies JobNavState}
              className="ui-button"
            >
              Open Job
            </Link>
          </div>
        ) : null}
      </div>
    </section>
  );
}

export const NO_SERVICE_STEP = 'Customers find you only under the services you offer, and you offer none yet.';
/** With no price a booking would read $0: customers are not offered Assign Job (the API refuses it too). */
export const NO_PRICE_STEP = 'Until you set a price, customers cannot book you.';

/** What of the profile customers read (Provider Profile) a provider has not filled in yet, in words. */
export function missingProfileParts(user: Pick<User, 'basic_price' | 'year_of_exp' | 'bio'>): string[] {
  const missing: string[] = [];
  if (user.basic_price === null || user.basic_price === undefined) missing.push('price');
  if (user.year_of_exp === null || user.year_of_exp === undefined) missing.push('years of experience');
  if (!user.bio?.trim()) missing.push('bio');
  return missing;
}

const listed = (parts: string[]) =>
  parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;

/**
 * Get started: for a provider new to the app, what stands between them and customers, each with the screen
 * that does it. No service offered: no customer finds them (Book a Driver lists a service's providers).
 * No price, experience or bio: their profile says 'Not set yet' (or the default About). Read from the
 * session user (its services_offered is kept current by All Services), so it is there from the first
 * frame and moves nothing on Home; gone once both are done.
 */
function GetStarted() {
  const user = useSessionUser();
  if (!user) return null;
  const noService = user.services_offered === 0;
  const missing = missingProfileParts(user);
  if (!noService && missing.length === 0) return null;
  return (
    <section className="ui-card prov-start" aria-labelledby="provider-start">
      <h2 id="provider-start">Get started</h2>
      <ul className="prov-start__steps">
        {noService ? (
          <li>
            <p>{NO_SERVICE_STEP}</p>
            <Link to="/service" className="ui-button ui-button--primary">
              Add a service
            </Link>
          </li>
        ) : null}
        {missing.length > 0 ? (
          <li>
            <p>
              Add your {listed(missing)}: customers read {missing.length > 1 ? 'them' : 'it'} on your profile before they book.
              {missing.includes('price') ? ` ${NO_PRICE_STEP}` : null}
            </p>
            <Link to="/editprofile" className="ui-button">
              Edit Profile
            </Link>
          </li>
        ) : null}
      </ul>
    </section>
  );
}

/**
 * The provider's blocks on the shell's Home page (the shell shows the title and the Services row): the
 * Get started block while there is something to set up, the three summary cards (Jobs Done from completed_jobs, Total Payments $500, Job Requests from
 * total_provider_jobs) and the Status block.
 */
export default function HomeBlocks() {
  const user = useSessionUser();
  const cards = [
    { label: 'Jobs Done', value: String(user?.completed_jobs ?? 0) },
    { label: 'Total Payments', value: formatPrice(500) },
    { label: 'Job Requests', value: String(user?.total_provider_jobs ?? 0) },
  ];
  return (
    <div className="prov-home">
      <GetStarted />
      <div className="prov-home__stats">
        {cards.map((card) => (
          // The heading first, so a screen reader that jumps to it reads its number next; shown under it (CSS).
          <section key={card.label} className="ui-card prov-home__stat">
            <h2>{card.label}</h2>
            <p className="prov-home__stat-value">{card.value}</p>
          </section>
        ))}
      </div>
      <StatusBlock />
    </div>
  );
}
