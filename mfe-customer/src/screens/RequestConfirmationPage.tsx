import { Link } from 'react-router-dom';
import { PageTitle } from 'shared';
import '../styles/customer.css';

/**
 * Request Confirmation (/requestconfirmation), after the booking is paid. Go to Bookings leads to
 * /activebooking, where the new booking is (the spec's /drivebooking is a slip: docs/deviations.md).
 */
export default function RequestConfirmationPage() {
  return (
    <div className="ui-page">
      <PageTitle>Request Confirmation</PageTitle>
      <section className="ui-card cust-confirm">
        <span className="cust-confirm__icon" aria-hidden="true">
          ✓
        </span>
        <p>Wait for the Driver to Confirm your Request.</p>
        <div className="ui-actions">
          <Link to="/" className="ui-button">
            Back to Home
          </Link>
          <Link to="/activebooking" className="ui-button ui-button--primary">
            Go to Bookings
          </Link>
        </div>
      </section>
    </div>
  );
}
