import { Link } from 'react-router-dom';
import { Avatar, ErrorState, formatPrice, Loader, useMyJobs, type JobNavState, useSessionUser } from 'shared';
import { pathWithIds } from 'shared/src/contracts/addressIds';
import { newestAccepted } from 'shared/src/bookings/jobLists';
import { StatusBadge } from 'shared/src/bookings/StatusBadge';
import { bookingStatusLabel } from 'shared/src/bookings/statusLabels';
import '../styles/provider.css';
import './HomeBlocks.css';

/** The Status block: the newest Accepted job (live), or a line saying there is none; View Details → /jobrequest. */
function StatusBlock() {
  const { state, reload } = useMyJobs();
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

/**
 * The provider's blocks on the shell's Home page (the shell shows the title and the Services row): the
 * three summary cards (Jobs Done from completed_jobs, Total Payments $500, Job Requests from
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
      <div className="prov-home__stats">
        {cards.map((card) => (
          <section key={card.label} className="ui-card prov-home__stat">
            <p className="prov-home__stat-value">{card.value}</p>
            <h2>{card.label}</h2>
          </section>
        ))}
      </div>
      <StatusBlock />
    </div>
  );
}
