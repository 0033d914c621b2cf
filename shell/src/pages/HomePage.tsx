import { useCallback, useEffect, useState, type CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import {
  assetUrl,
  ErrorState,
  fetchServices,
  Loader,
  messageOfError,
  PageTitle,
  type Service,
  type ServiceNavState,
  useRetryWhenBack,
  useSessionUser,
} from 'shared';
import { pathWithIds } from 'shared/src/contracts/addressIds';
import { RemoteWidget } from '../components/RemoteWidget';
import { useDocumentTitle } from '../routing/RemoteRouteElement';
import { afterNextPaint } from '../session/firstScreenShown';

const row: CSSProperties = {
  display: 'grid',
  // 160 px tiles at the default text size, wider with larger text (a name split mid-word at 200 %).
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(10rem, 100%), 1fr))',
  gap: 12,
  listStyle: 'none',
  padding: 0,
  margin: 0,
};
const serviceCard: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  gap: 10,
  padding: 14,
  color: 'inherit',
  textDecoration: 'none',
};
/**
 * A service's name comes from the catalogue, with no length limit: it may shrink below its longest word
 * and wraps anywhere, so an unbroken name stays inside its card and never widens the row or the page.
 */
const serviceName: CSSProperties = { minWidth: 0, overflowWrap: 'anywhere' };
const header: CSSProperties = { display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: 12 };

type ServicesState = { status: 'loading' } | { status: 'ready'; services: Service[] } | { status: 'error'; message: string };

/**
 * The Services row of Home (spec section 2): Driver, Delivery, Shipping from the API, and a see-all link.
 * Each card is a link: a customer books that service (/drivebooking), a provider manages theirs (/service).
 */
export function ServicesRow() {
  const role = useSessionUser()?.role;
  const [state, setState] = useState<ServicesState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    fetchServices({ silent: true }).then(
      ({ data }) => {
        if (current) setState({ status: 'ready', services: data });
      },
      (error: unknown) => {
        // Failures are only logged (spec section 8); the row offers Retry.
        console.error(error);
        if (current) setState({ status: 'error', message: messageOfError(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  useRetryWhenBack(state.status === 'error', retry);

  return (
    <section className="ui-card" aria-labelledby="home-services-title">
      <div style={header}>
        <h2 id="home-services-title" style={{ margin: 0, fontSize: '1.15rem' }}>
          Services
        </h2>
        <Link to="/service">See all</Link>
      </div>
      {state.status === 'loading' ? <Loader label="Loading services" /> : null}
      {state.status === 'error' ? (
        <ErrorState message="The services could not be loaded." detail={state.message} onRetry={retry} />
      ) : null}
      {state.status === 'ready' ? (
        <ul style={row} aria-label="Services">
          {state.services.map((service) => {
            const icon = assetUrl(service.icon);
            return (
              <li key={service.id} className="ui-card" style={{ padding: 0, minWidth: 0 }}>
                <Link
                  to={role === 'Customer' ? pathWithIds('/drivebooking', { serviceId: service.id }) : '/service'}
                  state={role === 'Customer' ? ({ serviceId: service.id } satisfies ServiceNavState) : undefined}
                  style={serviceCard}
                >
                  {icon ? <img src={icon} alt="" width={36} height={36} /> : null}
                  <span style={serviceName}>{service.name}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}

/** The longest the Services row waits for the role's blocks above it. */
export const SERVICES_WAIT_MS = 3000;

/**
 * Home: the title, the role's blocks (from the customer or provider remote) and the Services row. The row
 * comes once the blocks are on screen (or after SERVICES_WAIT_MS), so the blocks arriving never push it
 * down (issue 12: layout shift).
 */
export default function HomePage() {
  useDocumentTitle('Home');
  const role = useSessionUser()?.role;
  const [servicesShown, setServicesShown] = useState(false);
  // After the blocks' paint: the row's rendering and requests do not hold it back (issue 12).
  const showServices = useCallback(() => afterNextPaint(() => setServicesShown(true)), []);
  useEffect(() => {
    const timer = setTimeout(() => setServicesShown(true), SERVICES_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="ui-page">
      <PageTitle>Home</PageTitle>
      {role === 'Provider' ? (
        <RemoteWidget remote="mfe_provider" name="HomeBlocks" onShown={showServices} />
      ) : (
        <RemoteWidget remote="mfe_customer" name="HomeBlocks" onShown={showServices} />
      )}
      {servicesShown ? <ServicesRow /> : null}
    </div>
  );
}
