import { useEffect, useRef, useState } from 'react';
import {
  addUserService,
  ApiError,
  assetUrl,
  bus,
  deleteUserService,
  ErrorState,
  fetchServices,
  fetchUserServices,
  Loader,
  messageOfError,
  onCatchUp,
  PageTitle,
  type Service,
  type UserService,
  useSessionUser,
} from 'shared';
import { ActionError } from '../components/JobParts';
import { isConflict } from '../lib/jobs';
import '../styles/provider.css';
import { useFocusBackAfter } from 'shared/src/ui/focus';

type LoadState =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; services: Service[]; mine: UserService[] };

/** What is being sent: which service, and whether it is being added or deleted. */
interface InFlight {
  serviceId: number;
  kind: 'add' | 'delete';
}

const loadLists = () => Promise.all([fetchServices({ silent: true }), fetchUserServices({ silent: true })]);

/**
 * How long a card's button ignores presses after another tab or device turned it round (Add became
 * Delete, or back): a tap aimed at the word that was there must not do the opposite.
 */
export const TURNED_ROUND_SETTLE_MS = 1000;

/** The services whose offered state differs between two lists of the provider's services. */
function turnedRound(before: UserService[], after: UserService[]): number[] {
  const was = new Set(before.map((m) => m.service_id));
  const is = new Set(after.map((m) => m.service_id));
  return [...was, ...is].filter((id) => was.has(id) !== is.has(id));
}

/**
 * All Services (/service, Provider view): a card per service (icon, name, description). A service the
 * provider offers reads 'Added' with a Delete button; the others have an Add button. Each change
 * answers the provider's new list, which replaces the old one in place; a failed change says so and
 * leaves the list as it was, unless the server no longer has what was changed (404, changed in another
 * tab): then the lists load again. The buttons are disabled while a change is in flight. A change made
 * in another tab or device ('profile/changed') is read again as it happens, and once the realtime
 * channel is subscribed (again), for a change made before it was.
 */
export default function ServicesPage() {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [inFlight, setInFlight] = useState<InFlight | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sending = useRef(false);

  const [attempt, setAttempt] = useState(0);
  /** Services whose button another tab or device just turned round: presses on it wait a moment. */
  const settling = useRef(new Set<number>());
  /** The lists on screen, for a quiet read to tell which buttons it turns round. */
  const shown = useRef(state);
  useEffect(() => {
    shown.current = state;
  }, [state]);
  const settle = (serviceIds: number[]) => {
    for (const id of serviceIds) settling.current.add(id);
    setTimeout(() => serviceIds.forEach((id) => settling.current.delete(id)), TURNED_ROUND_SETTLE_MS);
  };
  /** Changes made here that the API took: a read started before one of them answers an older list. */
  const changesMade = useRef(0);

  // The session's count of services offered follows the list shown (Home's Get started reads it).
  const user = useSessionUser();
  const offeredCount = state.status === 'ready' ? state.mine.length : null;
  useEffect(() => {
    if (user && offeredCount !== null && user.services_offered !== offeredCount) {
      bus.emit({ type: 'auth/userUpdated', user: { ...user, services_offered: offeredCount } });
    }
  }, [user, offeredCount]);

  useEffect(() => {
    let current = true;
    const changesBefore = changesMade.current;
    loadLists().then(
      ([services, mine]) => {
        // Read before a change made here since: the change's own answer, shown, is newer.
        if (current && changesMade.current === changesBefore) {
          if (shown.current.status === 'ready') settle(turnedRound(shown.current.mine, mine.data));
          setState({ status: 'ready', services: services.data, mine: mine.data });
        }
      },
      (err: unknown) => {
        console.error(err);
        // A quiet read again (a change made elsewhere) that fails keeps the lists shown.
        if (current) setState((shown) => (shown.status === 'ready' ? shown : { status: 'error', message: messageOfError(err) }));
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  // Services added or deleted in another tab or device: the lists are read again, quietly. So they are
  // when the realtime channel is subscribed (again): a change made before then was not pushed here.
  useEffect(() => {
    const readAgain = () => setAttempt((n) => n + 1);
    const subscriptions = [bus.on('profile/changed').subscribe(readAgain), onCatchUp(readAgain)];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, []);

  const retry = () => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  };

  // Every button is disabled while a change is sent: once answered the focus goes back to the one pressed
  // (now saying the other word).
  const rememberFocus = useFocusBackAfter(inFlight !== null);

  const send = async (service: Service, offered: UserService | undefined) => {
    if (sending.current || settling.current.has(service.id)) return;
    sending.current = true;
    rememberFocus();
    setInFlight({ serviceId: service.id, kind: offered ? 'delete' : 'add' });
    setError(null);
    try {
      // Not silent: the server's success message is the spec's success alert.
      const { data } = offered ? await deleteUserService(offered.id) : await addUserService(service.id);
      changesMade.current += 1;
      setState((current) => (current.status === 'ready' ? { ...current, mine: data } : current));
    } catch (err) {
      console.error(err);
      setError(`${service.name} could not be ${offered ? 'deleted' : 'added'}: ${messageOfError(err)}`);
      // Not found, or already offered (409): changed in another tab or device. The lists are loaded again,
      // so the page shows what the server has (a service deleted there reads Add here, one added there
      // Added) and the button pressed does not fail the same way again; the message stays.
      if ((err instanceof ApiError && err.status === 404) || isConflict(err)) {
        await loadLists().then(
          ([services, mine]) => setState({ status: 'ready', services: services.data, mine: mine.data }),
          (reloadError: unknown) => console.error(reloadError),
        );
      }
    } finally {
      sending.current = false;
      setInFlight(null);
    }
  };

  return (
    <div className="ui-page prov-page">
      <PageTitle>All Services</PageTitle>
      {state.status === 'loading' ? <Loader label="Loading services…" /> : null}
      {state.status === 'error' ? (
        <ErrorState message="The services could not be loaded." detail={state.message} onRetry={retry} />
      ) : null}
      {state.status === 'ready' ? (
        <>
          <p className="ui-subtitle">Choose the services you offer. Customers book you for the services marked Added.</p>
          <ActionError message={error} />
          {state.services.length === 0 ? (
            <p className="ui-card ui-empty">No services are available yet. Please check again later.</p>
          ) : (
            <ul className="ui-grid" aria-label="Services">
              {state.services.map((service) => {
                const offered = state.mine.find((m) => m.service_id === service.id);
                const icon = assetUrl(service.icon);
                const headingId = `prov-service-${service.id}`;
                const busyHere = inFlight?.serviceId === service.id;
                return (
                  <li key={service.id}>
                    <article
                      className={`ui-card prov-service${offered ? ' prov-service--added' : ''}`}
                      aria-labelledby={headingId}
                    >
                      <div className="prov-service__head">
                        <span className="prov-service__icon">{icon ? <img src={icon} alt="" /> : null}</span>
                        {offered ? <span className="prov-added">Added</span> : null}
                      </div>
                      <h2 id={headingId}>{service.name}</h2>
                      <p>{service.description}</p>
                      <button
                        type="button"
                        className={`ui-button ${offered ? 'prov-button--danger' : 'ui-button--primary'}`}
                        disabled={inFlight !== null}
                        aria-busy={busyHere}
                        aria-describedby={headingId}
                        onClick={() => void send(service, offered)}
                      >
                        {offered ? 'Delete' : 'Add'}
                      </button>
                    </article>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      ) : null}
    </div>
  );
}
