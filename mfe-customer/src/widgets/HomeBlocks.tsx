import { Link } from 'react-router-dom';
import './HomeBlocks.css';

/**
 * The customer's blocks on the shell's Home page (the shell shows the Services row itself).
 * Filled in further (Offers for you, Recent Reviews) by a later issue.
 */
export default function HomeBlocks() {
  return (
    <div className="home-blocks">
      <section className="ui-card" aria-labelledby="customer-status">
        <h2 id="customer-status">Status</h2>
        <Link to="/jobrequest">View your bookings</Link>
      </section>
    </div>
  );
}
