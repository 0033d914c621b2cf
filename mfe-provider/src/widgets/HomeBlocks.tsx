import { Link } from 'react-router-dom';
import './HomeBlocks.css';
import { useSession } from 'shared';
import { formatPrice } from 'shared/src/format';

/** The provider's blocks on the shell's Home page: summary cards (filled in further by a later issue). */
export default function HomeBlocks() {
  const user = useSession().users;
  const cards = [
    { label: 'Jobs Done', value: String(user?.completed_jobs ?? 0) },
    { label: 'Total Payments', value: formatPrice(500) },
    { label: 'Job Requests', value: String(user?.total_provider_jobs ?? 0) },
  ];
  return (
    <div className="home-blocks">
      <div className="home-blocks__stats">
        {cards.map((card) => (
          <section key={card.label} className="ui-card home-blocks__stat">
            <p className="home-blocks__stat-value">{card.value}</p>
            <h2>{card.label}</h2>
          </section>
        ))}
      </div>
      <section className="ui-card" aria-labelledby="provider-status">
        <h2 id="provider-status">Status</h2>
        <Link to="/jobrequest">View Details</Link>
      </section>
    </div>
  );
}
