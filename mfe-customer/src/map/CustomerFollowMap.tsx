import { useState } from 'react';
import { type Job } from 'shared';
import {
  distanceKm,
  formatClock,
  formatDistanceKm,
  formatLatLng,
  useBrowserPosition,
  useNow,
  useProviderLocation,
} from 'shared/src/location';
import { formatAgo } from 'shared/src/location/ago';
import { LocationFacts, type Fact } from './LocationFacts';
import { MapCanvas } from './MapCanvas';
import { PIN_COLORS, type MapPin } from './pins';
import { EMPTY_MAP_CUSTOMER, followStatusLine, NOT_SHARED_YET, ownPositionUnknown, UNKNOWN } from './texts';

/**
 * The customer of an Accepted job follows its provider (issue 10, item 4): the provider's live pin
 * (onValue on provider/latLng/{provider id}), the customer's own browser position as a second pin
 * (shown only, never sent), and the positions as text, all live.
 */
export function CustomerFollowMap({ job }: { job: Job }) {
  const [attempt, setAttempt] = useState(0);
  const follow = useProviderLocation(job.provider_id, { renewKey: `${job.status}:${attempt}` });
  const me = useBrowserPosition(true);
  const now = useNow(1000);
  const name = job.provider.full_name;
  const provider = follow.status === 'live' ? follow.position : null;

  const pins: MapPin[] = [
    { id: 'provider', label: "Provider's position", caption: 'Provider', color: PIN_COLORS.provider, position: provider },
    { id: 'customer', label: 'Your position', caption: 'You', color: PIN_COLORS.customer, position: me.position },
  ];
  const distance =
    provider && me.position
      ? formatDistanceKm(distanceKm(provider, me.position))
      : `${UNKNOWN}: ${provider ? 'your position is not available' : 'no provider position yet'}`;
  const facts: Fact[] = [
    { term: 'Distance', value: distance, testId: 'distance' },
    { term: "Provider's position", value: provider ? formatLatLng(provider) : NOT_SHARED_YET, testId: 'provider-position' },
    {
      term: 'Your position',
      value: me.position ? formatLatLng(me.position) : ownPositionUnknown(me.status),
      testId: 'customer-position',
    },
    {
      term: 'Last updated',
      value: provider?.updatedAt ? `${formatClock(provider.updatedAt)} (${formatAgo(provider.updatedAt, now)})` : '—',
      testId: 'last-updated',
    },
  ];

  return (
    <section className="ui-card cust-map" aria-labelledby="cust-map-title">
      <h2 id="cust-map-title" className="ui-section-title">
        {name}
      </h2>
      <p className="cust-map__status" role="status" aria-label="Map status">
        {followStatusLine(follow, name, now)}
        {follow.status === 'error' ? (
          <>
            {' '}
            <button type="button" className="ui-button" onClick={() => setAttempt((n) => n + 1)}>
              Retry
            </button>
          </>
        ) : null}
      </p>
      <MapCanvas pins={pins} center={me.position ?? provider} emptyMessage={EMPTY_MAP_CUSTOMER} />
      <LocationFacts facts={facts} />
    </section>
  );
}
