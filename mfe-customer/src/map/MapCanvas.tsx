import { lazy, Suspense } from 'react';
import { ErrorBoundary, getRuntimeConfig } from 'shared';
import { type LatLng } from 'shared/src/location';
import { FallbackMap } from './FallbackMap';
import type { MapPin } from './pins';

/** google-map-react and Google's script: fetched only when a Maps key is configured. */
const GoogleMapView = lazy(() => import('./GoogleMapView'));

/**
 * The map area: Google Maps (google-map-react) when the runtime config has a Maps key, else the
 * offline plane. The plane also stands in while Google's map loads or when it fails.
 */
export function MapCanvas({ pins, center, emptyMessage }: { pins: MapPin[]; center: LatLng | null; emptyMessage: string }) {
  const apiKey = getRuntimeConfig().mapsApiKey;
  const fallback = <FallbackMap pins={pins} center={center} emptyMessage={emptyMessage} />;
  const mapCenter = center ?? pins.find((p) => p.position)?.position ?? null;
  if (!apiKey || !mapCenter) return fallback;
  return (
    <ErrorBoundary fallback={() => fallback}>
      <Suspense fallback={fallback}>
        <GoogleMapView apiKey={apiKey} pins={pins} center={mapCenter} />
      </Suspense>
    </ErrorBoundary>
  );
}
