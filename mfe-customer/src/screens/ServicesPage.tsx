import { PlaceholderPage } from 'shared';

/** All Services (/service, Customer view): filled in by a later issue. */
export default function ServicesPage() {
  return <PlaceholderPage title="All Services" />;
}
