import { PlaceholderPage } from 'shared';

/** Ride Finished (/ridefinished): filled in by a later issue. */
export default function RideFinishedPage() {
  return <PlaceholderPage title="Ride Finished" />;
}
