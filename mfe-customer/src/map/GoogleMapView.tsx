/**
 * The map with a Google Maps key (issue 10, item 5): google-map-react, imported only by MapCanvas's
 * dynamic import, so neither it nor Google's script is loaded without a key or off this route.
 */
import { useEffect, useRef, useState } from 'react';
import GoogleMapReact, { type GoogleApi } from 'google-map-react';
import type { LatLng } from 'shared/src/location';
import { DEFAULT_ZOOM } from 'shared/src/location/plane';
import type { MapPin } from './pins';
import './map.css';

function Marker({ pin }: { lat: number; lng: number; pin: MapPin }) {
  return (
    <div className="cust-map__marker" role="img" aria-label={pin.label} data-testid={`pin-${pin.id}`}>
      <svg width="28" height="36" viewBox="-14 -36 28 36" aria-hidden="true">
        <path
          d="M0 0 C -4 -9 -12 -14 -12 -23 A 12 12 0 1 1 12 -23 C 12 -14 4 -9 0 0 Z"
          fill={pin.color}
          stroke="#fff"
          strokeWidth={2}
        />
        <circle cx={0} cy={-23} r={4.5} fill="#fff" />
      </svg>
      <span>{pin.caption}</span>
    </div>
  );
}

/** Room around the pins when the map fits them (px). */
const FIT_PADDING = 48;

/**
 * Starts at `center`, then the user moves it: it is not pulled back at every position. When a pin is
 * placed that was not (the provider's first position after the customer's), the map fits them all once,
 * as the offline map does (deviation 21): a driver 5 km away is not off the map at zoom 14.
 */
export default function GoogleMapView({ apiKey, pins, center }: { apiKey: string; pins: MapPin[]; center: LatLng }) {
  const [api, setApi] = useState<GoogleApi | null>(null);
  const placed = pins.filter((pin): pin is MapPin & { position: LatLng } => pin.position !== null);
  const fittedFor = useRef(0);
  useEffect(() => {
    if (!api || placed.length < 2 || placed.length <= fittedFor.current) return;
    fittedFor.current = placed.length;
    const bounds = new api.maps.LatLngBounds();
    placed.forEach(({ position }) => bounds.extend({ lat: position.lat, lng: position.lng }));
    api.map.fitBounds(bounds, FIT_PADDING);
  }, [api, placed]);
  return (
    <div className="cust-map__canvas cust-map__google" data-testid="google-map">
      <GoogleMapReact
        bootstrapURLKeys={{ key: apiKey }}
        defaultCenter={center}
        defaultZoom={DEFAULT_ZOOM}
        yesIWantToUseGoogleMapApiInternals
        onGoogleApiLoaded={setApi}
      >
        {placed.map((pin) => (
          <Marker key={pin.id} lat={pin.position.lat} lng={pin.position.lng} pin={pin} />
        ))}
      </GoogleMapReact>
    </div>
  );
}
