/** The part of google-map-react (2.2.x, shipped without types) the map uses. */
declare module 'google-map-react' {
  import type { ComponentType, ReactNode } from 'react';

  export interface Coords {
    lat: number;
    lng: number;
  }

  export interface GoogleMapProps {
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
