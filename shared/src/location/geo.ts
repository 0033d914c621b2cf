/** Positions on the Earth: distances and the texts the map shows (issue 10, item 5). */

export interface LatLng {
  lat: number;
  lng: number;
}

/** A provider's position as stored under provider/latLng/{userId}; updatedAt is the server time (ms). */
export interface ProviderPosition extends LatLng {
  updatedAt: number | null;
  /** The provider stopped sharing (signed out, or closed the app): this is their last position, not a live one. */
  stopped?: true;
}

const EARTH_RADIUS_KM = 6371.0088;
const toRad = (deg: number) => (deg * Math.PI) / 180;

/** A finite latitude in [-90, 90] and longitude in [-180, 180]. */
export function isLatLng(value: unknown): value is LatLng {
  const v = value as Partial<LatLng> | null;
  return (
    !!v &&
    typeof v === 'object' &&
    typeof v.lat === 'number' &&
    typeof v.lng === 'number' &&
    Number.isFinite(v.lat) &&
    Number.isFinite(v.lng) &&
    Math.abs(v.lat) <= 90 &&
    Math.abs(v.lng) <= 180
  );
}

/** A stored value as a ProviderPosition, or null when it is not one (nothing written, or garbage). */
export function toProviderPosition(value: unknown): ProviderPosition | null {
  if (!isLatLng(value)) return null;
  const { updatedAt, stoppedAt } = value as { updatedAt?: unknown; stoppedAt?: unknown };
  return {
    lat: value.lat,
    lng: value.lng,
    updatedAt: typeof updatedAt === 'number' && Number.isFinite(updatedAt) ? updatedAt : null,
    ...(typeof stoppedAt === 'number' ? { stopped: true as const } : {}),
  };
}

/** Great-circle distance (haversine), in kilometres. */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export const distanceMeters = (a: LatLng, b: LatLng): number => distanceKm(a, b) * 1000;

/** '1.2 km', one decimal ('0.0 km' when they stand together). */
export function formatDistanceKm(km: number): string {
  const rounded = Math.round(km * 10) / 10;
  return `${rounded.toFixed(1)} km`;
}

/** '12.9716, 77.5946': both coordinates with four decimals. */
export function formatLatLng(position: LatLng): string {
  return `${position.lat.toFixed(4)}, ${position.lng.toFixed(4)}`;
}

/**
 * '2:03:27 pm' in the browser's time zone: the app's clock (spec section 9's 'h:mm a'), with the seconds a
 * live position needs.
 */
export function formatClock(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = d.getHours();
  return `${hours % 12 || 12}:${pad(d.getMinutes())}:${pad(d.getSeconds())} ${hours < 12 ? 'am' : 'pm'}`;
}
