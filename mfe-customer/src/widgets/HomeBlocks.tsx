import { Link } from 'react-router-dom';

const SERVICES = ['Driver', 'Delivery', 'Shipping'];

/** The customer's blocks on the shell's Home page (filled in further by a later issue). */
export default function HomeBlocks() {
  return (
    <div className="home-blocks">
      <section className="ui-card" aria-labelledby="customer-status">
        <h2 id="customer-status">Status</h2>
        <Link to="/jobrequest">View your bookings</Link>
      </section>
      <section className="ui-card" aria-labelledby="customer-services">
        <h2 id="customer-services">Services</h2>
        <ul className="home-blocks__services">
          {SERVICES.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
        <Link to="/service">See all</Link>
      </section>
    </div>
  );
}
