import { layoutPlane, scaleBar, type LatLng } from 'shared';
import type { MapPin } from './pins';
import './map.css';

export const PLANE_WIDTH = 640;
export const PLANE_HEIGHT = 400;
const GRID = 40;

/** A pin whose tip is at (0, 0). */
const PIN_PATH = 'M0 0 C -4 -9 -12 -14 -12 -23 A 12 12 0 1 1 12 -23 C 12 -14 4 -9 0 0 Z';

/**
 * The map without a Maps key (issue 10, item 5): the pins on a scaled plane around the centre
 * (zoom 14, or out as far as needed to show every pin), a scale bar and the zoom. Never a blank box:
 * with no position yet it says what it waits for.
 */
export function FallbackMap({ pins, center, emptyMessage }: { pins: MapPin[]; center: LatLng | null; emptyMessage: string }) {
  const placed = pins.filter((p): p is MapPin & { position: LatLng } => p.position !== null);
  const origin = center ?? placed[0]?.position ?? null;
  const layout = origin ? layoutPlane({ center: origin, points: placed.map((p) => p.position), width: PLANE_WIDTH, height: PLANE_HEIGHT }) : null;
  const bar = layout ? scaleBar(layout.metersPerPixel, 120) : null;
  return (
    <div className="cust-map__canvas" data-testid="offline-map" data-zoom={layout?.zoom ?? ''}>
      <svg viewBox={`0 0 ${PLANE_WIDTH} ${PLANE_HEIGHT}`} role="group" aria-label={layout ? `Map, zoom ${layout.zoom}` : 'Map'}>
        <rect width={PLANE_WIDTH} height={PLANE_HEIGHT} fill="#eef2f7" />
        {Array.from({ length: PLANE_WIDTH / GRID + 1 }, (_, i) => (
          <line key={`v${i}`} x1={i * GRID} y1={0} x2={i * GRID} y2={PLANE_HEIGHT} stroke="#dde3ec" strokeWidth={i % 4 === 0 ? 2 : 1} />
        ))}
        {Array.from({ length: PLANE_HEIGHT / GRID + 1 }, (_, i) => (
          <line key={`h${i}`} x1={0} y1={i * GRID} x2={PLANE_WIDTH} y2={i * GRID} stroke="#dde3ec" strokeWidth={i % 4 === 0 ? 2 : 1} />
        ))}
        {layout
          ? placed.map((pin, i) => {
              const { x, y, clamped } = layout.pins[i];
              return (
                <g
                  key={pin.id}
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
                  <text y={16} textAnchor="middle" fontSize={13} fontWeight={600} fill="#1e293b" stroke="#fff" strokeWidth={3} paintOrder="stroke">
                    {pin.caption}
                  </text>
                </g>
              );
            })
          : null}
        {bar ? (
          <g aria-hidden="true" transform={`translate(16, ${PLANE_HEIGHT - 18})`}>
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
