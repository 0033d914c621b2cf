import { useCallback, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import {
  Avatar,
  ErrorState,
  fetchServices,
  idFromState,
  Loader,
  PageTitle,
  type ProviderProfileNavState,
  type ProviderServiceData,
  type Service,
} from 'shared';
import { addressNamesId, pathWithIds, navIdFrom } from 'shared/src/contracts/addressIds';
import { NothingHere } from 'shared/src/ui/NothingHere';
import { hasNoPrice } from '../components/driverPrice';
import { NO_PRICE_YET, SERVICE_NOT_FOUND } from '../components/bookingTexts';
import { RatingValue } from '../components/Rating';
import { providersOfService } from '../lib/providersOfService';
import { useLoad } from '../lib/useLoad';
import '../styles/customer.css';

interface Suggestions {
  /** The service being booked; only known by name when it had to be looked up (no state). */
  serviceId: number | null;
  service: Service | null;
  providers: ProviderServiceData[];
  /** The page was opened for a service that does not exist (a link with a wrong or stale id). */
  serviceMissing: boolean;
}

const NO_SERVICE: Suggestions = { serviceId: null, service: null, providers: [], serviceMissing: false };

/**
 * The drivers of the service the page was opened for. Opened from the app (navigation state), the
 * service is known; opened from its address (a new tab, a bookmark) it is looked up by the address's
 * id, so that the page names it; with no id at all it is the first service. An id no service has is
 * said, rather than showing another service's drivers (a booking would then be for that service).
 */
async function loadSuggestions(
  serviceIdOfState: number | null,
  serviceOfAddress: number | 'unnamed' | null,
): Promise<Suggestions> {
  let serviceId = serviceIdOfState;
  let service: Service | null = null;
  if (!serviceId) {
    const { data: services } = await fetchServices({ silent: true });
    service = serviceOfAddress === 'unnamed' ? (services[0] ?? null) : (services.find((s) => s.id === serviceOfAddress) ?? null);
    if (!service && serviceOfAddress !== 'unnamed') return { ...NO_SERVICE, serviceMissing: true };
    serviceId = service?.id ?? null;
  }
  if (!serviceId) return NO_SERVICE;
  const providers = await providersOfService(serviceId);
  return providers ? { serviceId, service, providers, serviceMissing: false } : { ...NO_SERVICE, serviceMissing: true };
}

/** The drivers who can be booked, then those who have not set a price yet (in the API's order within each). */
function bookableFirst(providers: ProviderServiceData[]): ProviderServiceData[] {
  return [...providers.filter((p) => !hasNoPrice(p)), ...providers.filter(hasNoPrice)];
}

/** The address's parameter that keeps what was typed into Search Providers. */
export const SEARCH_PARAM = 'q';

/**
 * Book a Driver (/drivebooking): Suggested Drivers for the service, each with avatar, name,
 * 'Certified Driver' and rating, linking to /providerprofile; a driver who has not set a price yet (and so
 * cannot be booked) is listed last and says so. Search Providers filters by name; what is
 * typed is kept in the address (?q=), so that Back from a driver's profile, or a reload, shows the same
 * drivers, filtered as they were.
 */
export default function DriveBookingPage() {
  const location = useLocation();
  const serviceIdOfState = idFromState(location.state, 'serviceId');
  // What the address asks for: a service id, an id that names none ('abc' reads as null), or nothing.
  const serviceOfAddress = addressNamesId(location, 'serviceId') ? navIdFrom(location, 'serviceId') : 'unnamed';
  const { state, reload } = useLoad(
    useCallback(() => loadSuggestions(serviceIdOfState, serviceOfAddress), [serviceIdOfState, serviceOfAddress]),
  );
  const navigate = useNavigate();
  // The input keeps its own state: the router applies address changes inside startTransition, and a
  // controlled input fed from a transition can drop keystrokes or move the caret.
  const [query, setQueryShown] = useState(() => new URLSearchParams(location.search).get(SEARCH_PARAM) ?? '');
  const setQuery = (value: string) => {
    setQueryShown(value);
    const params = new URLSearchParams(location.search);
    if (value) params.set(SEARCH_PARAM, value);
    else params.delete(SEARCH_PARAM);
    const search = params.toString();
    // The same history entry (no entry per keystroke), with its navigation state.
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '' },
      { replace: true, state: location.state as unknown },
    );
  };

  const shown = useMemo(() => {
    if (state.status !== 'ready') return [];
    const q = query.trim().toLowerCase();
    const matching = q ? state.data.providers.filter((p) => p.full_name.toLowerCase().includes(q)) : state.data.providers;
    return bookableFirst(matching);
  }, [state, query]);

  if (state.status === 'ready' && state.data.serviceMissing) {
    return (
      <div className="ui-page">
        <PageTitle>Book a Driver</PageTitle>
        <NothingHere message={SERVICE_NOT_FOUND} to="/service" linkLabel="See all services" />
      </div>
    );
  }

  return (
    <div className="ui-page">
      <PageTitle>Book a Driver</PageTitle>
      <div className="cust-search" role="search">
        <label htmlFor="cust-provider-search">Search Providers</label>
        <input
          id="cust-provider-search"
          className="cust-input"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Type a name"
          autoComplete="off"
        />
      </div>
      <section className="ui-card" aria-labelledby="cust-suggested">
        <h2 id="cust-suggested" className="ui-section-title">
          Suggested Drivers
        </h2>
        {state.status === 'ready' && state.data.service ? (
          <p className="ui-muted ui-small" style={{ margin: '-6px 0 12px' }}>
            For the {state.data.service.name} service
          </p>
        ) : null}
        {state.status === 'loading' ? <Loader label="Loading drivers…" /> : null}
        {state.status === 'error' ? (
          <ErrorState message="The drivers could not be loaded." detail={state.message} onRetry={reload} />
        ) : null}
        {state.status === 'ready' && state.data.serviceId === null ? (
          <p className="cust-message">No services are available yet, so there are no drivers to book.</p>
        ) : null}
        {state.status === 'ready' && state.data.serviceId !== null && state.data.providers.length === 0 ? (
          <div className="ui-empty">
            <p>No drivers offer this service yet.</p>
            <Link to="/service">See all services</Link>
          </div>
        ) : null}
        {state.status === 'ready' && state.data.providers.length > 0 && shown.length === 0 ? (
          <p className="cust-message" role="status">
            No providers match “{query.trim()}”.
          </p>
        ) : null}
        {state.status === 'ready' && shown.length > 0 ? (
          <ul className="ui-list" aria-label="Suggested Drivers">
            {shown.map((provider) => (
              <li key={provider.id} className="ui-card cust-flush">
                <Link
                  to={pathWithIds('/providerprofile', { serviceId: state.data.serviceId!, providerId: provider.id })}
                  state={{ serviceId: state.data.serviceId!, providerId: provider.id } satisfies ProviderProfileNavState}
                  className="cust-person-link"
                >
                  <span aria-hidden="true">
                    <Avatar src={provider.avatar} name={provider.full_name} size={52} />
                  </span>
                  <span className="ui-person">
                    <span className="ui-person__name">{provider.full_name}</span>
                    {/* Beside the badge, not beside the name: on a phone a long name keeps its words whole. */}
                    <span className="cust-driver-facts">
                      <span className="cust-badge">Certified Driver</span>
                      <RatingValue rating={provider.rating} />
                      {hasNoPrice(provider) ? <span className="ui-muted ui-small">{NO_PRICE_YET}</span> : null}
                    </span>
                  </span>
                  <span className="cust-chevron" aria-hidden="true">
                    ›
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}
