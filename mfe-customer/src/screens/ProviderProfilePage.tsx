import { useCallback, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Avatar, ErrorState, hasAppEntryBehind, fetchReviews, formatPrice, Loader, PageTitle, useSessionUser } from 'shared';
import { navIdFrom, pathWithIds } from 'shared/src/contracts/addressIds';
import { NothingHere } from 'shared/src/ui/NothingHere';
import { BookingModal } from '../components/BookingModal';
import { hasNoPrice } from '../components/driverPrice';
import { hasUnsettledAttempt } from '../components/bookingAttempt';
import {
  CHECK_BOOKINGS_FIRST,
  DRIVER_WITHOUT_PRICE,
  SERVICE_NOT_FOUND,
  UNANSWERED_ATTEMPT_NOTE,
} from '../components/bookingTexts';
import { RatingValue } from '../components/Rating';
import { ReviewList } from '../components/ReviewList';
import { DEFAULT_BIO } from '../lib/samples';
import { providersOfService } from '../lib/providersOfService';
import { useLoad } from '../lib/useLoad';
import '../styles/customer.css';

export const NO_PROVIDER_CHOSEN = 'No driver was chosen. Pick one from the services to see their profile.';
export const PROVIDER_NOT_FOUND = 'This driver does not offer this service.';
export const CUSTOMERS_BOOK = 'Only customers can book or chat with a driver.';
/** A stat a driver new to the app has not filled in yet (Edit Profile): not a $0 price or 0 years they never gave. */
export const NOT_SET = 'Not set yet';

/** A stat's value, or 'Not set yet' (muted) while the driver has not given it. */
function StatValue({ value, format }: { value: number | null | undefined; format: (value: number) => string }) {
  if (value === null || value === undefined) return <dd className="cust-stat__unset">{NOT_SET}</dd>;
  return <dd>{format(value)}</dd>;
}

/** The driver and their reviews; null when the page names no driver; `provider: null` when the service has no such driver. */
async function loadProfile(serviceId: number | null, providerId: number | null) {
  if (!serviceId || !providerId) return null;
  const [providers, reviews] = await Promise.all([providersOfService(serviceId), fetchReviews(providerId, { silent: true })]);
  return {
    provider: providers?.find((p) => p.id === providerId) ?? null,
    reviews: reviews.data,
    serviceMissing: providers === null,
  };
}

/**
 * The provider profile (/providerprofile, state { serviceId, providerId }): avatar, full name,
 * 'Certified Driver', rating, stats, About, Recent Reviews, and Go Back, Assign Job, Chat. A provider
 * who opens it sees the profile and Go Back: booking and chatting with a driver are a customer's (the
 * API refuses them to a provider, after the whole booking form).
 */
export default function ProviderProfilePage() {
  const navigate = useNavigate();
  const location = useLocation();
  const serviceId = navIdFrom(location, 'serviceId');
  const providerId = navIdFrom(location, 'providerId');
  const { state, reload, refresh } = useLoad(useCallback(() => loadProfile(serviceId, providerId), [serviceId, providerId]));
  const [booking, setBooking] = useState(false);
  const isCustomer = useSessionUser()?.role === 'Customer';

  const back = () => {
    // Opened from a screen of the app: back to it. Opened directly (a shared link in a new tab), there is
    // nothing of the app to go back to: the service's drivers, rather than a dead button or another site.
    if (hasAppEntryBehind(location)) void navigate(-1);
    else if (serviceId) void navigate(pathWithIds('/drivebooking', { serviceId }), { state: { serviceId } });
    else void navigate('/service');
  };
  const goBack = (
    <button type="button" className="ui-button" onClick={back}>
      Go Back
    </button>
  );

  let body;
  if (state.status === 'loading') body = <Loader label="Loading the driver's profile…" />;
  else if (state.status === 'error')
    body = <ErrorState message="The driver's profile could not be loaded." detail={state.message} onRetry={reload} />;
  else if (!state.data || !state.data.provider)
    body = (
      <NothingHere
        message={!state.data ? NO_PROVIDER_CHOSEN : state.data.serviceMissing ? SERVICE_NOT_FOUND : PROVIDER_NOT_FOUND}
        to="/service"
        linkLabel="Browse services"
      />
    );
  else {
    const { provider, reviews } = state.data;
    body = (
      <>
        {/* First on the page: after a reload in the middle of Submit & Pay, it is what the customer needs to read. */}
        {isCustomer && !booking && hasUnsettledAttempt(provider.id, serviceId!) ? (
          <p className="cust-note" role="status">
            {UNANSWERED_ATTEMPT_NOTE} <Link to="/activebooking">{CHECK_BOOKINGS_FIRST}</Link>
          </p>
        ) : null}
        <section className="ui-card cust-profile-head" aria-label="Driver">
          <Avatar src={provider.avatar} name={provider.full_name} size={88} />
          <div className="ui-person">
            <h2>{provider.full_name}</h2>
            <span className="cust-badge">Certified Driver</span>
            <RatingValue rating={provider.rating} />
          </div>
        </section>

        <section className="ui-card" aria-labelledby="cust-stats">
          <h2 id="cust-stats" className="ui-visually-hidden">
            Stats
          </h2>
          <dl className="cust-stats">
            <div className="cust-stat">
              <dt>Jobs Done</dt>
              <dd>{provider.completed_jobs ?? provider.total_provider_jobs}</dd>
            </div>
            <div className="cust-stat">
              <dt>Years of Experience</dt>
              <StatValue value={provider.year_of_exp} format={String} />
            </div>
            <div className="cust-stat">
              <dt>Price per Service</dt>
              <StatValue value={provider.basic_price} format={formatPrice} />
            </div>
          </dl>
        </section>

        <section className="ui-card" aria-labelledby="cust-about">
          <h2 id="cust-about" className="ui-section-title">
            About
          </h2>
          <p className="cust-about">{provider.bio?.trim() || DEFAULT_BIO}</p>
        </section>

        <section className="ui-card" aria-labelledby="cust-reviews">
          <h2 id="cust-reviews" className="ui-section-title">
            Recent Reviews
          </h2>
          <ReviewList reviews={reviews} />
        </section>

        {isCustomer && hasNoPrice(provider) ? <p className="cust-note">{DRIVER_WITHOUT_PRICE}</p> : null}
        {isCustomer ? (
          <div className="ui-actions">
            {goBack}
            {hasNoPrice(provider) ? null : (
              <button type="button" className="ui-button ui-button--primary" onClick={() => setBooking(true)}>
                Assign Job
              </button>
            )}
            <button type="button" className="ui-button" onClick={() => navigate(`/chatview/${provider.id}`)}>
              Chat
            </button>
          </div>
        ) : (
          <>
            <p className="ui-muted">{CUSTOMERS_BOOK}</p>
            <div className="ui-actions">{goBack}</div>
          </>
        )}

        {booking ? (
          <BookingModal
            serviceId={serviceId!}
            provider={provider}
            onClose={() => setBooking(false)}
            onDone={() => setBooking(false)}
            readDriverAgain={refresh}
          />
        ) : null}
      </>
    );
  }

  return (
    <div className="ui-page">
      <PageTitle>Provider Profile</PageTitle>
      {body}
    </div>
  );
}
