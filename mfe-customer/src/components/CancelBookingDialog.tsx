import { ApiError, bus, cancelBooking, type Job, type JobStatus } from 'shared';
import { cancelRefusal } from 'shared/src/bookings/cancelRefusal';
import { canCustomerCancel } from 'shared/src/bookings/jobLists';
// By path: only the screens that ask load it (not the shared chunk of every page).
import { ConfirmDialog } from 'shared/src/ui/ConfirmDialog';
import { BOOKING_PAYMENT } from './bookingTexts';

/** The texts of cancelling a booking (issue 13), word for word. */
export const CANCEL_TEXTS = {
  button: 'Cancel Booking',
  title: 'Cancel this booking?',
  explanation: `The provider will no longer see this request, and your booking payment of ${BOOKING_PAYMENT} will be refunded to your card.`,
  confirm: 'Yes, cancel booking',
  busy: 'Cancelling…',
  keep: 'Keep booking',
  done: `Booking cancelled. Your ${BOOKING_PAYMENT} payment has been refunded.`,
  accepted: 'This booking has been accepted. To change or cancel it, chat with your provider.',
} as const;

/**
 * Cancels the customer's own Pending booking (PATCH /api/jobs/{id} { status: 'Cancelled' }). Silent: the
 * screen reports the outcome itself. The answer is the customer's job list: it is stored as the session's
 * `jobs` (`job/changed`) and the cancelled job is announced (`job/updated`), so every open list of this
 * browser moves it from Active to Previous Bookings at once. Resolves to the job as the API answered it.
 */
export async function cancelMyBooking(jobId: number): Promise<Job | null> {
  const { data } = await cancelBooking(jobId, { silent: true });
  const jobs = Array.isArray(data) ? data : [];
  bus.emit({ type: 'job/changed', jobs });
  const cancelled = jobs.find((j) => j.id === jobId) ?? null;
  if (cancelled) bus.emit({ type: 'job/updated', job: cancelled });
  return cancelled;
}

export interface CancelBookingDialogProps {
  jobId: number;
  /** The booking's status as the screen shows it now (live): once it is not Pending, the dialog says why it cannot be cancelled. */
  status: JobStatus;
  /** Keep booking, the close button or Escape (ignored while the call is in flight). */
  onClose: () => void;
  /** The API cancelled the booking. */
  onCancelled: () => void;
  /** The API refused because the booking changed meanwhile (409): the screen fetches it again to show it as it is. */
  onOutdated?: () => void;
}

/** A 409: the booking is no longer Pending (accepted, rejected or expired meanwhile); asking again cannot help. */
const isOutdated = (error: unknown) => error instanceof ApiError && error.status === 409;

/**
 * 'Cancel this booking?': says what cancelling does (the provider no longer sees the request, the
 * 10.00 INR payment is refunded) and asks to confirm. Focus starts on 'Keep booking', the safe choice.
 * While the call runs, 'Yes, cancel booking' reads 'Cancelling…' and both buttons are disabled; a refusal
 * is shown here, and the dialog stays open; the 409 of a booking accepted, rejected or expired meanwhile
 * leaves only OK (asking again would fail again) and has the screen fetch the booking as it is now. When
 * the booking changes while the dialog is open (the provider accepts it), the dialog says so at once.
 */
export function CancelBookingDialog({ jobId, status, onClose, onCancelled, onOutdated }: CancelBookingDialogProps) {
  const { title, explanation, confirm, busy, keep } = CANCEL_TEXTS;
  return (
    <ConfirmDialog
      texts={{ title, explanation, confirm, busy, keep }}
      onConfirm={() =>
        cancelMyBooking(jobId).catch((error: unknown) => {
          if (isOutdated(error)) onOutdated?.();
          throw error;
        })
      }
      onClose={onClose}
      onDone={onCancelled}
      isFinal={isOutdated}
      outdated={canCustomerCancel({ status }) ? null : cancelRefusal(status)}
    />
  );
}
