import { distanceKm, formatClock, formatDistanceKm, formatLatLng, isLatLng, toProviderPosition } from './geo';
import { formatAgo } from './ago';

describe('distance between two positions', () => {
  it('is the great-circle distance in km (Bengaluru MG Road to the airport, about 27 km)', () => {
    const mgRoad = { lat: 12.9756, lng: 77.6066 };
    const airport = { lat: 13.1986, lng: 77.7066 };
    expect(distanceKm(mgRoad, airport)).toBeCloseTo(27.06, 2);
    expect(distanceKm(airport, mgRoad)).toBeCloseTo(distanceKm(mgRoad, airport), 10);
  });

  it('is 0 for the same place and about 111.2 km per degree of latitude', () => {
    expect(distanceKm({ lat: 12.9716, lng: 77.5946 }, { lat: 12.9716, lng: 77.5946 })).toBe(0);
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111.2, 1);
  });

  it('goes the short way across the antimeridian', () => {
    expect(distanceKm({ lat: 0, lng: 179.9 }, { lat: 0, lng: -179.9 })).toBeCloseTo(22.2, 1);
  });

  it('is shown in km with one decimal', () => {
    expect(formatDistanceKm(26.9612)).toBe('27.0 km');
    expect(formatDistanceKm(1.25)).toBe('1.3 km');
    expect(formatDistanceKm(0.04)).toBe('0.0 km');
    expect(formatDistanceKm(0)).toBe('0.0 km');
    expect(formatDistanceKm(1234.56)).toBe('1234.6 km');
  });
});

describe('coordinates as text', () => {
  it('has four decimals, latitude first', () => {
    expect(formatLatLng({ lat: 12.9716, lng: 77.5946 })).toBe('12.9716, 77.5946');
    expect(formatLatLng({ lat: 1, lng: -0.123456 })).toBe('1.0000, -0.1235');
    expect(formatLatLng({ lat: -33.86882, lng: 151.20929 })).toBe('-33.8688, 151.2093');
  });

  it('a move of 0.0001 degrees (about 11 m) shows in the text', () => {
    expect(formatLatLng({ lat: 12.9716, lng: 77.5946 })).not.toBe(formatLatLng({ lat: 12.9717, lng: 77.5946 }));
  });
});

describe('stored values', () => {
  it('accepts numeric lat/lng in range, with or without the server time', () => {
    expect(toProviderPosition({ lat: 1, lng: 2, updatedAt: 5 })).toEqual({ lat: 1, lng: 2, updatedAt: 5 });
    expect(toProviderPosition({ lat: 1, lng: 2 })).toEqual({ lat: 1, lng: 2, updatedAt: null });
  });

  it('refuses anything else (nothing written, strings, out of range)', () => {
    for (const value of [
      null,
      undefined,
      'x',
      {},
      { lat: '1', lng: 2 },
      { lat: 91, lng: 0 },
      { lat: 0, lng: 181 },
      { lat: NaN, lng: 0 },
    ]) {
      expect(isLatLng(value)).toBe(false);
      expect(toProviderPosition(value)).toBeNull();
    }
  });
});

describe('times', () => {
  it('shows the clock time in the browser time zone (UTC in tests)', () => {
    expect(formatClock(Date.UTC(2025, 5, 15, 9, 5, 7))).toBe('9:05:07 am');
    expect(formatClock(Date.UTC(2025, 5, 15, 12, 0, 0))).toBe('12:00:00 pm');
    expect(formatClock(Date.UTC(2025, 5, 15, 23, 59, 59))).toBe('11:59:59 pm');
  });

  it('says how long ago', () => {
    const now = Date.UTC(2025, 5, 15, 12, 0, 0);
    expect(formatAgo(now - 2000, now)).toBe('just now');
    expect(formatAgo(now - 12_000, now)).toBe('12 s ago');
    expect(formatAgo(now - 3 * 60_000, now)).toBe('3 min ago');
    expect(formatAgo(now - 2 * 3600_000, now)).toBe('2 h ago');
    expect(formatAgo(now - 4 * 86400_000, now)).toBe('4 days ago');
    expect(formatAgo(now + 5000, now)).toBe('just now');
  });
});
