import { DEFAULT_ZOOM, layoutPlane, metersPerPixel, project, scaleBar } from './plane';

const W = 640;
const H = 400;
const customer = { lat: 12.9716, lng: 77.5946 };

describe('the offline map plane', () => {
  it('puts the centre (the customer) in the middle at the default zoom 14', () => {
    const { zoom, pins } = layoutPlane({ center: customer, points: [customer], width: W, height: H });
    expect(zoom).toBe(DEFAULT_ZOOM);
    expect(pins[0]).toEqual({ x: W / 2, y: H / 2, clamped: false });
  });

  it('places a provider to the north-east up and to the right, at the scaled distance', () => {
    const provider = { lat: 12.9766, lng: 77.6006 }; // about 0.55 km north, 0.65 km east
    const {
      zoom,
      pins,
      metersPerPixel: mpp,
    } = layoutPlane({ center: customer, points: [customer, provider], width: W, height: H });
    expect(zoom).toBe(14);
    const [c, p] = pins;
    expect(p.x).toBeGreaterThan(c.x);
    expect(p.y).toBeLessThan(c.y);
    // Pixel distance × metres per pixel ≈ ground distance (Mercator scale is local, so within 1%).
    const px = Math.hypot(p.x - c.x, p.y - c.y);
    const groundM = 852; // haversine of the two points
    expect((px * mpp) / groundM).toBeCloseTo(1, 1);
  });

  it('zooms out just enough to show a provider far away, and never beyond what is needed', () => {
    const far = { lat: 13.1986, lng: 77.7066 }; // the airport, about 27 km
    const { zoom, pins } = layoutPlane({ center: customer, points: [customer, far], width: W, height: H });
    expect(zoom).toBeLessThan(14);
    const inside = (p: { x: number; y: number }) => p.x >= 28 && p.x <= W - 28 && p.y >= 28 && p.y <= H - 28;
    expect(pins.every(inside)).toBe(true);
    expect(pins.every((p) => !p.clamped)).toBe(true);
    // One zoom in, the far pin would not fit.
    const closer = layoutPlane({ center: customer, points: [far], width: W, height: H, maxZoom: zoom + 1, minZoom: zoom + 1 });
    expect(closer.pins[0].clamped).toBe(true);
  });

  it('a pin beyond the plane even at the smallest zoom is drawn at the edge in its direction', () => {
    const antipode = { lat: -12.9716, lng: -102.4054 };
    const { pins } = layoutPlane({ center: customer, points: [antipode], width: W, height: H, minZoom: 10 });
    expect(pins[0].clamped).toBe(true);
    const onEdge =
      Math.abs(pins[0].x - 28) < 1e-6 ||
      Math.abs(pins[0].x - (W - 28)) < 1e-6 ||
      Math.abs(pins[0].y - 28) < 1e-6 ||
      Math.abs(pins[0].y - (H - 28)) < 1e-6;
    expect(onEdge).toBe(true);
  });

  it('projects as web maps do (the world is 256 × 2^zoom pixels)', () => {
    expect(project({ lat: 0, lng: 0 }, 0)).toEqual({ x: 128, y: 128 });
    expect(project({ lat: 0, lng: -180 }, 1).x).toBe(0);
    expect(project({ lat: 85.05112878, lng: 0 }, 0).y).toBeCloseTo(0, 3);
    expect(metersPerPixel(0, 14)).toBeCloseTo(9.55, 2);
  });

  it('has a round scale bar no longer than asked', () => {
    const bar = scaleBar(9.3, 120); // about 1.1 km fit
    expect(bar).toEqual({ meters: 1000, px: 1000 / 9.3, label: '1 km' });
    expect(scaleBar(2, 120).label).toBe('200 m');
    expect(scaleBar(50, 120).label).toBe('5 km');
  });
});
