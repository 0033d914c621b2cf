import { Link, useLocation } from 'react-router-dom';
import { idFromState, PageTitle, useSessionUser } from 'shared';
import { ProvidersOnly } from '../components/ProvidersOnly';
import '../styles/provider.css';

/** The wallet note of spec sections 2 and 9 (a static value). */
export const WALLET_NOTE = '$20 has been added to your wallet.';

/**
 * Ride Finished (/ridefinished): the spec's congratulation, the static $20 wallet note, and ways on. The
 * note is the provider's: a customer who types the address is led to their own view of the booking.
 */
export default function RideFinishedPage() {
  const location = useLocation();
  const isProvider = useSessionUser()?.role === 'Provider';
  return (
    <div className="ui-page prov-page">
      <PageTitle>Ride Finished</PageTitle>
      {isProvider ? (
        <section className="ui-card prov-confirm" aria-labelledby="prov-finished">
          <span className="prov-confirm__icon prov-confirm__icon--accept" aria-hidden="true">
            ✓
          </span>
          <h2 id="prov-finished">Congratulations! Ride has been Finished.</h2>
          <p className="prov-wallet">{WALLET_NOTE}</p>
          <div className="ui-actions prov-actions--center">
            <Link to="/" className="ui-button ui-button--primary">
              Back to Home
            </Link>
            <Link to="/activebooking" className="ui-button">
              Go to Active Bookings
            </Link>
          </div>
        </section>
      ) : (
        <ProvidersOnly jobId={idFromState(location.state, 'jobId')} />
      )}
    </div>
  );
}
