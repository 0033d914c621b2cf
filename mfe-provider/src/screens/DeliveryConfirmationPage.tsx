import { PlaceholderPage } from 'shared';

/** Delivery Confirmation (/deliveryconfirmation): filled in by a later issue. */
export default function DeliveryConfirmationPage() {
  return <PlaceholderPage title="Delivery Confirmation" />;
}
