import type { LatLng } from 'shared/src/location';

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

/** A caption's line height on the map, and roughly half its width per character (13 px, semibold). */
const CAPTION_LINE = 15;
const CAPTION_HALF_WIDTH_PER_CHAR = 4;

/**
 * How far below its point each pin's caption goes, so that captions of pins drawn at or near one spot
 * (the provider has reached the customer) stack instead of printing over each other: the first pin's
 * caption sits right under its point, each one that would overlap an earlier caption a line lower.
 */
export function captionOffsets(points: { x: number; y: number }[], captions: string[], first = 16): number[] {
  const rows: number[] = [];
  const halfWidth = (i: number) => captions[i].length * CAPTION_HALF_WIDTH_PER_CHAR + 4;
  points.forEach((point, i) => {
    let row = 0;
    const overlaps = (j: number) =>
      Math.abs(points[j].x - point.x) < halfWidth(i) + halfWidth(j) &&
      Math.abs(points[j].y + rows[j] * CAPTION_LINE - (point.y + row * CAPTION_LINE)) < CAPTION_LINE;
    while (rows.some((_, j) => overlaps(j))) row += 1;
    rows.push(row);
  });
  return rows.map((row) => first + row * CAPTION_LINE);
}
