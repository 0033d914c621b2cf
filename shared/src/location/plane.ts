/**
 * The geometry of the offline map (issue 10, item 5): without a Maps key both pins are drawn on a
 * plane around a centre (the customer), projected as web maps project (Web Mercator), at the
 * default zoom 14 (spec section 9) or, when a pin would fall outside, the closest zoom out that
 * shows both.
 */
import type { LatLng } from './geo';

export const DEFAULT_ZOOM = 14;
const TILE = 256;
const MAX_LAT = 85.05112878;

/** World pixel coordinates of a position at a zoom (the projection of web maps). */
export function project(position: LatLng, zoom: number): { x: number; y: number } {
  const size = TILE * 2 ** zoom;
  const lat = Math.max(-MAX_LAT, Math.min(MAX_LAT, position.lat));
  const sin = Math.sin((lat * Math.PI) / 180);
  return {
    x: ((position.lng + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
}

/** Ground metres one pixel spans at a latitude and zoom. */
export function metersPerPixel(lat: number, zoom: number): number {
  return (156543.03392 * Math.cos((lat * Math.PI) / 180)) / 2 ** zoom;
}

export interface PlaneOptions {
  /** The plane's centre (the customer's position, or the only pin's). */
  center: LatLng;
  /** Positions to pin. */
  points: LatLng[];
  width: number;
  height: number;
  /** Space kept free at each edge, in pixels (a pin's head is drawn above its point). */
  padding?: number;
  /** The zoom to use when everything fits (the spec's default 14). */
  maxZoom?: number;
  minZoom?: number;
}

export interface PlacedPin {
  /** Position on the plane, pixels from its top-left corner. */
  x: number;
  y: number;
  /** The pin lies beyond the plane even at the smallest zoom; it is drawn at the edge, pointing at it. */
  clamped: boolean;
}

export interface PlaneLayout {
  zoom: number;
  metersPerPixel: number;
  pins: PlacedPin[];
}

/** Places the points on a width × height plane centred on `center`, zoomed out just enough to show them all. */
export function layoutPlane({
  center,
  points,
  width,
  height,
  padding = 28,
  maxZoom = DEFAULT_ZOOM,
  minZoom = 2,
}: PlaneOptions): PlaneLayout {
  const halfW = Math.max(1, width / 2 - padding);
  const halfH = Math.max(1, height / 2 - padding);
  const place = (zoom: number) => {
    const c = project(center, zoom);
    return points.map((p) => {
      const q = project(p, zoom);
      // The shorter way round the antimeridian.
      const world = TILE * 2 ** zoom;
      let dx = q.x - c.x;
      if (dx > world / 2) dx -= world;
      if (dx < -world / 2) dx += world;
      return { dx, dy: q.y - c.y };
    });
  };
  let zoom = maxZoom;
  let offsets = place(zoom);
  while (zoom > minZoom && offsets.some(({ dx, dy }) => Math.abs(dx) > halfW || Math.abs(dy) > halfH)) {
    zoom -= 1;
    offsets = place(zoom);
  }
  const pins = offsets.map(({ dx, dy }) => {
    const clamped = Math.abs(dx) > halfW || Math.abs(dy) > halfH;
    // Beyond the edge: scale the offset back onto the border rectangle, keeping its direction.
    const k = clamped ? Math.min(halfW / Math.abs(dx || 1e-9), halfH / Math.abs(dy || 1e-9)) : 1;
    return { x: width / 2 + dx * k, y: height / 2 + dy * k, clamped };
  });
  return { zoom, metersPerPixel: metersPerPixel(center.lat, zoom), pins };
}

/** A scale bar no longer than `maxPx`: a round distance (1, 2 or 5 × 10ⁿ m) and its length in pixels. */
export function scaleBar(mPerPx: number, maxPx: number): { meters: number; px: number; label: string } {
  const maxMeters = mPerPx * maxPx;
  const magnitude = 10 ** Math.floor(Math.log10(maxMeters));
  const meters = [5, 2, 1].map((m) => m * magnitude).find((m) => m <= maxMeters) ?? magnitude;
  return { meters, px: meters / mPerPx, label: meters >= 1000 ? `${meters / 1000} km` : `${meters} m` };
}
