import { PlaceholderPage } from 'shared';

/** Provider Profile (/providerprofile): filled in by a later issue. */
export default function ProviderProfilePage() {
  return <PlaceholderPage title="Provider Profile" />;
}
