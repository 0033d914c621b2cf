import { PlaceholderPage } from 'shared';

/** Request Confirmation (/requestconfirmation): filled in by a later issue. */
export default function RequestConfirmationPage() {
  return <PlaceholderPage title="Request Confirmation" />;
}
