import { Link } from 'react-router-dom';
import type { Role } from 'shared';

/** A bookings list with nothing in it: says so, and offers a customer to book a service (a provider books nothing). */
export function NoBookings({ message, role }: { message: string; role: Role | undefined }) {
  return (
    <div className="ui-card ui-empty">
      <p>{message}</p>
      {role === 'Customer' ? (
        <Link to="/service" className="ui-button ui-button--primary">
          Book a service
        </Link>
      ) : null}
    </div>
  );
}
