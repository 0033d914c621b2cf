import { Link, useLocation } from 'react-router-dom';
import { NO_JOB_CHOSEN, PageTitle, useJob, useSessionUser } from 'shared';
import { bookingStatusLabel } from 'shared/src/bookings/statusLabels';
import { jobIdFrom, pathWithIds } from 'shared/src/contracts/addressIds';
import { NothingHere } from 'shared/src/ui/NothingHere';
import { JobStateView } from '../components/JobParts';
import { ProvidersOnly } from '../components/ProvidersOnly';
import '../styles/provider.css';

/** The wallet note of spec sections 2 and 9 (a static value). */
export const WALLET_NOTE = '$20 has been added to your wallet.';
/** A booking of the provider's that Finish Job has not finished (the address opened by hand). */
export const notFinished = (statusLabel: string) => `This booking has not been finished: it is ${statusLabel}.`;

/**
 * Ride Finished (/ridefinished?job=ID, state { jobId } from Finish Job): the spec's congratulation, the
 * static $20 wallet note, and ways on, for the provider's own Completed booking. The note is the
 * provider's: a customer who opens the address is led to their own view of the booking; a provider who
 * finished nothing (no job in the address, another's, an unknown one, or one not Completed) is told so, as
 * on the other booking screens.
 */
export default function RideFinishedPage() {
  const location = useLocation();
  const isProvider = useSessionUser()?.role === 'Provider';
  const jobId = jobIdFrom(location);
  // The booking is read: an address opened by hand with another's, an unknown or an unfinished booking
  // congratulates nobody.
  const { state, reload } = useJob(isProvider ? jobId : null);
  let body;
  if (!isProvider) body = <ProvidersOnly jobId={jobId} />;
  else if (!jobId) body = <NothingHere message={NO_JOB_CHOSEN} to="/previousbooking" linkLabel="Go to Previous Bookings" />;
  else if (state.status !== 'ready') body = <JobStateView state={state} reload={() => void reload()} what="booking" />;
  else if (state.job.status !== 'Completed') {
    body = (
      <NothingHere
        message={notFinished(bookingStatusLabel(state.job.status))}
        to={pathWithIds('/provideractivebookingdetails', { jobId: state.job.id })}
        linkLabel="Open Job Details"
      />
    );
  } else {
    body = (
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
    );
  }
  return (
    <div className="ui-page prov-page">
      <PageTitle>Ride Finished</PageTitle>
      {body}
    </div>
  );
}
