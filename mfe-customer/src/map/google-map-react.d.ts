/** The part of google-map-react (2.2.x, shipped without types) the map uses. */
declare module 'google-map-react' {
  import type { ComponentType, ReactNode } from 'react';

  export interface Coords {
    lat: number;
    lng: number;
  }

  /** The parts of Google's map and library the view uses. */
  export interface GoogleApi {
    map: { fitBounds(bounds: unknown, padding?: number): void };
    maps: { LatLngBounds: new () => { extend(point: Coords): void } };
  }

  export interface GoogleMapProps {
    yesIWantToUseGoogleMapApiInternals?: boolean;
    onGoogleApiLoaded?: (api: GoogleApi) => void;
    bootstrapURLKeys?: { key: string; language?: string; region?: string };
    defaultCenter?: Coords;
    center?: Coords;
    defaultZoom?: number;
    zoom?: number;
    options?: Record<string, unknown>;
    children?: ReactNode;
  }

  const GoogleMapReact: ComponentType<GoogleMapProps>;
  export default GoogleMapReact;
}
