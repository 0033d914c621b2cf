import { pathWithIds } from 'shared/src/contracts/addressIds';
import { NothingHere } from 'shared/src/ui/NothingHere';

/**
 * Shown to a customer who opens a provider's screen (a typed URL): answering and finishing a booking
 * is its provider's, so the customer is sent to their own view of the booking instead.
 */
export function ProvidersOnly({ jobId }: { jobId: number | null }) {
  return jobId ? (
    <NothingHere
      message="Only the provider of a booking can answer or finish it."
      to={pathWithIds('/activebookingdetails', { jobId })}
      state={{ jobId }}
      linkLabel="Open Booking Details"
    />
  ) : (
    <NothingHere
      message="Only the provider of a booking can answer or finish it."
      to="/activebooking"
      linkLabel="Go to Active Bookings"
    />
  );
}
