import { Link, useLocation } from 'react-router-dom';
import { NO_JOB_CHOSEN, PageTitle, useSessionUser } from 'shared';
import { jobIdFrom } from 'shared/src/contracts/addressIds';
import { NothingHere } from 'shared/src/ui/NothingHere';
import { ProvidersOnly } from '../components/ProvidersOnly';
import '../styles/provider.css';

/** The wallet note of spec sections 2 and 9 (a static value). */
export const WALLET_NOTE = '$20 has been added to your wallet.';

/**
 * Ride Finished (/ridefinished?job=ID, state { jobId } from Finish Job): the spec's congratulation, the
 * static $20 wallet note, and ways on. The note is the provider's: a customer who opens the address is
 * led to their own view of the booking, and a provider who finished nothing (the address typed without a
 * job, or bookmarked so) is told no booking was chosen, as on the other booking screens.
 */
export default function RideFinishedPage() {
  const location = useLocation();
  const isProvider = useSessionUser()?.role === 'Provider';
  const jobId = jobIdFrom(location);
  return (
    <div className="ui-page prov-page">
      <PageTitle>Ride Finished</PageTitle>
      {isProvider && !jobId ? (
        <NothingHere message={NO_JOB_CHOSEN} to="/previousbooking" linkLabel="Go to Previous Bookings" />
      ) : isProvider ? (
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
        <ProvidersOnly jobId={jobId} />
      )}
    </div>
  );
}
