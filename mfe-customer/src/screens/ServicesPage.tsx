import { useNavigate } from 'react-router-dom';
import { assetUrl, ErrorState, fetchServices, Loader, PageTitle, type ServiceNavState } from 'shared';
import { pathWithIds } from 'shared/src/contracts/addressIds';
import { useLoad } from '../lib/useLoad';
import '../styles/customer.css';

const loadServices = async () => (await fetchServices({ silent: true })).data;

/** All Services (/service, Customer view): a card per service with icon, name, description and Book Now. */
export default function ServicesPage() {
  const navigate = useNavigate();
  const { state, reload } = useLoad(loadServices);

  return (
    <div className="ui-page">
      <PageTitle>All Services</PageTitle>
      {state.status === 'loading' ? <Loader label="Loading services…" /> : null}
      {state.status === 'error' ? (
        <ErrorState message="The services could not be loaded." detail={state.message} onRetry={reload} />
      ) : null}
      {state.status === 'ready' && state.data.length === 0 ? (
        <p className="ui-card cust-message">No services are available yet. Please check again later.</p>
      ) : null}
      {state.status === 'ready' && state.data.length > 0 ? (
        <ul className="ui-grid" aria-label="Services">
          {state.data.map((service) => {
            const icon = assetUrl(service.icon);
            const headingId = `cust-service-${service.id}`;
            return (
              <li key={service.id}>
                <article className="ui-card cust-service" aria-labelledby={headingId}>
                  <span className="cust-service__icon">{icon ? <img src={icon} alt="" /> : null}</span>
                  <h2 id={headingId}>{service.name}</h2>
                  <p>{service.description}</p>
                  <button
                    type="button"
                    className="ui-button ui-button--primary"
                    aria-describedby={headingId}
                    onClick={() =>
                      navigate(pathWithIds('/drivebooking', { serviceId: service.id }), {
                        state: { serviceId: service.id } satisfies ServiceNavState,
                      })
                    }
                  >
                    Book Now
                  </button>
                </article>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
