import { Link } from 'react-router-dom';
import { PageTitle, useSessionUser } from 'shared';
import { NothingHere } from 'shared/src/ui/NothingHere';
import '../styles/customer.css';

export const CUSTOMERS_REQUEST = 'Only customers make booking requests.';

/**
 * Request Confirmation (/requestconfirmation), after the booking is paid. Go to Bookings leads to
 * /activebooking, where the new booking is (the spec's /drivebooking is a slip: docs/deviations.md).
 */
export default function RequestConfirmationPage() {
  if (useSessionUser()?.role === 'Provider') {
    return (
      <div className="ui-page">
        <PageTitle>Request Confirmation</PageTitle>
        <NothingHere message={CUSTOMERS_REQUEST} to="/jobrequest" linkLabel="Go to Job Requests" />
      </div>
    );
  }
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
