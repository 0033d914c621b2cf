import type { LatLng } from 'shared';

/** A pin on the map: its accessible name, its short caption on the map, its colour. */
export interface MapPin {
  id: 'provider' | 'customer' | 'self' | 'pickup';
  /** Accessible name, e.g. "Provider's position". */
  label: string;
  /** Caption drawn under it, e.g. "Provider". */
  caption: string;
  color: string;
  position: LatLng | null;
}

export const PIN_COLORS = { provider: '#2563eb', customer: '#16a34a', self: '#2563eb', pickup: '#ea580c' } as const;
