import { useEffect, useRef } from 'react';
import { type Job, useSessionUser } from 'shared';
import {
  distanceKm,
  formatDistanceKm,
  formatLatLng,
  LOCATION_OFF_LABEL,
  SHARE_LOCATION_LABEL,
  shareLocationNow,
  useLocationSharing,
  useProviderLocation,
  type LatLng,
  type SharingState,
} from 'shared/src/location';
import { LocationFacts, type Fact } from './LocationFacts';
import { MapCanvas } from './MapCanvas';
import { PIN_COLORS, type MapPin } from './pins';
import { focusIsLost } from 'shared/src/ui/focus';
import { EMPTY_MAP_PROVIDER, NOT_SHARED_YET, sharingLine } from './texts';

/** The sharing states in which no position is coming (the top bar's 'Location off', and signed out). */
const LOCATION_OFF_STATES: readonly SharingState[] = ['off', 'ask', 'denied', 'unavailable', 'unsupported'];

/**
 * What the map says while it has no position to show: it waits for the provider's position only while one
 * can come, and says the location is off when it is blocked, not asked for yet or not to be had.
 */
export function ownEmptyMessage(state: SharingState): string {
  return LOCATION_OFF_STATES.includes(state) ? LOCATION_OFF_LABEL : EMPTY_MAP_PROVIDER;
}

/**
 * The provider's View Map (issue 10, item 6): their own position (this browser's sharing watcher; or,
 * when another tab shares, what the database holds) and the job's pick-up address.
 */
export function ProviderOwnMap({ job }: { job: Job }) {
  const sharing = useLocationSharing();
  const ownId = useSessionUser()?.id ?? null;
  const stored = useProviderLocation(ownId, { enabled: !sharing.position && sharing.state === 'elsewhere' });
  const own: LatLng | null = sharing.position ?? (stored.status === 'live' ? stored.position : null);
  const pickup: LatLng | null = job.lat !== null && job.lng !== null ? { lat: job.lat, lng: job.lng } : null;

  const pins: MapPin[] = [
    { id: 'self', label: 'Your position', caption: 'You', color: PIN_COLORS.self, position: own },
    { id: 'pickup', label: 'Pick-up address', caption: 'Pick-up', color: PIN_COLORS.pickup, position: pickup },
  ];
  const facts: Fact[] = [
    { term: 'Your position', value: own ? formatLatLng(own) : NOT_SHARED_YET, testId: 'own-position' },
    { term: 'Pick-up address', value: job.address, testId: 'pickup-address' },
  ];
  if (own && pickup)
    facts.push({ term: 'Distance to pick-up', value: formatDistanceKm(distanceKm(own, pickup)), testId: 'distance' });

  // Not asked yet (the notice bar dismissed, say): Share location is offered here too. Pressed, it gives
  // way to the position on its way, and the focus goes to this map rather than to the page.
  const asking = sharing.state === 'ask';
  const section = useRef<HTMLElement>(null);
  const wasAsking = useRef(asking);
  useEffect(() => {
    if (wasAsking.current && !asking && focusIsLost()) section.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  return (
    <section ref={section} tabIndex={-1} className="ui-card cust-map" aria-labelledby="cust-map-title">
      <h2 id="cust-map-title" className="ui-section-title">
        Your position
      </h2>
      <p className="cust-map__status" role="status" aria-label="Map status">
        {sharingLine(sharing.state)}
      </p>
      {asking ? (
        <button type="button" className="ui-button cust-map__share" onClick={shareLocationNow}>
          {SHARE_LOCATION_LABEL}
        </button>
      ) : null}
      <MapCanvas pins={pins} center={own ?? pickup} emptyMessage={ownEmptyMessage(sharing.state)} />
      <LocationFacts facts={facts} />
    </section>
  );
}
