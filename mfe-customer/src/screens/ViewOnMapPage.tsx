import { PlaceholderPage } from 'shared';

/** View on Map (/viewonmap): filled in by a later issue. */
export default function ViewOnMapPage() {
  return <PlaceholderPage title="View on Map" />;
}
