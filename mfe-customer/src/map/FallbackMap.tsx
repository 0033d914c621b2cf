import { useEffect, useRef, useState, type RefObject } from 'react';
import type { LatLng } from 'shared/src/location';
import { layoutPlane, scaleBar } from 'shared/src/location/plane';
import { captionOffsets, type MapPin } from './pins';
import './map.css';

/** The plane's size where the element cannot be measured (tests); in a browser it is the element's width in CSS pixels. */
export const PLANE_WIDTH = 640;
export const PLANE_HEIGHT = 400;
const GRID = 40;
/** Room kept at every edge: a pin is drawn 35 px above its point, its caption below it. */
const PIN_ROOM = 44;

/** The element's width in CSS pixels, followed as it changes (ResizeObserver); `fallback` where it cannot be measured. */
function useWidth(ref: RefObject<HTMLElement | null>, fallback: number): number {
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const measure = () => {
      const w = Math.round(element.getBoundingClientRect().width);
      if (w > 0) setWidth(w);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** A pin whose tip is at (0, 0). */
const PIN_PATH = 'M0 0 C -4 -9 -12 -14 -12 -23 A 12 12 0 1 1 12 -23 C 12 -14 4 -9 0 0 Z';

/**
 * The map without a Maps key (issue 10, item 5): the pins on a scaled plane around the centre
 * (zoom 14, or out as far as needed to show every pin), a scale bar and the zoom. Never a blank box:
 * with no position yet it says what it waits for.
 */
export function FallbackMap({ pins, center, emptyMessage }: { pins: MapPin[]; center: LatLng | null; emptyMessage: string }) {
  // Drawn at one user unit per CSS pixel, so zoom 14 is the scale web maps show at zoom 14 and the
  // pins keep their size on a phone.
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box, PLANE_WIDTH);
  const height = width === PLANE_WIDTH ? PLANE_HEIGHT : Math.round(Math.min(PLANE_HEIGHT, Math.max(260, width * 0.7)));
  const placed = pins.filter((p): p is MapPin & { position: LatLng } => p.position !== null);
  const origin = center ?? placed[0]?.position ?? null;
  const layout = origin
    ? layoutPlane({ center: origin, points: placed.map((p) => p.position), width, height, padding: PIN_ROOM })
    : null;
  const bar = layout ? scaleBar(layout.metersPerPixel, Math.min(120, width / 3)) : null;
  const captionY = layout
    ? captionOffsets(
        layout.pins,
        placed.map((pin) => pin.caption),
      )
    : [];
  return (
    <div ref={box} className="cust-map__canvas" data-testid="offline-map" data-zoom={layout?.zoom ?? ''}>
      <svg viewBox={`0 0 ${width} ${height}`} role="group" aria-label={layout ? `Map, zoom ${layout.zoom}` : 'Map'}>
        <rect width={width} height={height} fill="#eef2f7" />
        {Array.from({ length: Math.floor(width / GRID) + 1 }, (_, i) => (
          <line key={`v${i}`} x1={i * GRID} y1={0} x2={i * GRID} y2={height} stroke="#dde3ec" strokeWidth={i % 4 === 0 ? 2 : 1} />
        ))}
        {Array.from({ length: Math.floor(height / GRID) + 1 }, (_, i) => (
          <line key={`h${i}`} x1={0} y1={i * GRID} x2={width} y2={i * GRID} stroke="#dde3ec" strokeWidth={i % 4 === 0 ? 2 : 1} />
        ))}
        {layout
          ? placed.map((pin, i) => {
              const { x, y, clamped } = layout.pins[i];
              return (
                <g
                  // A new size is a new drawing: the pin does not glide there from the old scale.
                  key={`${pin.id}@${width}x${height}`}
                  role="img"
                  aria-label={clamped ? `${pin.label} (beyond the edge of the map)` : pin.label}
                  className="cust-map__pin"
                  data-testid={`pin-${pin.id}`}
                  data-x={x.toFixed(1)}
                  data-y={y.toFixed(1)}
                  style={{ transform: `translate(${x}px, ${y}px)` }}
                  opacity={clamped ? 0.6 : 1}
                >
                  <path d={PIN_PATH} fill={pin.color} stroke="#fff" strokeWidth={2} />
                  <circle cx={0} cy={-23} r={4.5} fill="#fff" />
                  <text
                    y={captionY[i]}
                    textAnchor="middle"
                    fontSize={13}
                    fontWeight={600}
                    fill="#1e293b"
                    stroke="#fff"
                    strokeWidth={3}
                    paintOrder="stroke"
                  >
                    {pin.caption}
                  </text>
                </g>
              );
            })
          : null}
        {bar ? (
          <g aria-hidden="true" transform={`translate(16, ${height - 18})`}>
            <line x1={0} y1={0} x2={bar.px} y2={0} stroke="#334155" strokeWidth={3} />
            <line x1={0} y1={-5} x2={0} y2={5} stroke="#334155" strokeWidth={2} />
            <line x1={bar.px} y1={-5} x2={bar.px} y2={5} stroke="#334155" strokeWidth={2} />
            <text x={bar.px + 8} y={4} fontSize={12} fill="#334155">
              {bar.label}
            </text>
          </g>
        ) : null}
      </svg>
      <span className="cust-map__caption">Offline map{layout ? ` · zoom ${layout.zoom}` : ''}</span>
      {layout ? null : <p className="cust-map__empty">{emptyMessage}</p>}
    </div>
  );
}
