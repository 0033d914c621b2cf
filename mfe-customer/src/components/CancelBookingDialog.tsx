import { useEffect, useRef, useState } from 'react';
import { bus, cancelBooking, Dialog, type Job } from 'shared';
import { errorMessage } from '../lib/useLoad';
import '../styles/customer.css';

/** The booking payment of spec section 9, given back when a Pending booking is cancelled. */
export const BOOKING_PAYMENT = '10.00 INR';

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
  /** Keep booking, the close button or Escape (ignored while the call is in flight). */
  onClose: () => void;
  /** The API cancelled the booking. */
  onCancelled: () => void;
}

/**
 * 'Cancel this booking?': says what cancelling does (the provider no longer sees the request, the
 * 10.00 INR payment is refunded) and asks to confirm. Focus starts on 'Keep booking', the safe choice.
 * While the call runs, 'Yes, cancel booking' reads 'Cancelling…' and both buttons are disabled; a refusal
 * (e.g. the 409 of a booking accepted meanwhile) is shown here, and the dialog stays open.
 */
export function CancelBookingDialog({ jobId, onClose, onCancelled }: CancelBookingDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const confirmRef = useRef<HTMLButtonElement>(null);

  // A disabled button loses focus: after a refusal, focus returns to the button that was pressed.
  useEffect(() => {
    if (error) confirmRef.current?.focus();
  }, [error]);

  const confirm = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      await cancelMyBooking(jobId);
      onCancelled();
    } catch (err) {
      console.error(err);
      inFlight.current = false;
      setBusy(false);
      setError(errorMessage(err));
    }
  };

  const close = () => {
    if (!inFlight.current) onClose();
  };

  return (
    <Dialog title={CANCEL_TEXTS.title} onClose={close}>
      <div className="cust-form" aria-busy={busy}>
        <p className="cust-message">{CANCEL_TEXTS.explanation}</p>
        {error ? (
          <p role="alert" className="ui-alert">
            {error}
          </p>
        ) : null}
        <div className="ui-actions cust-actions--end">
          <button type="button" className="ui-button" disabled={busy} onClick={close}>
            {CANCEL_TEXTS.keep}
          </button>
          <button
            ref={confirmRef}
            type="button"
            className="ui-button ui-button--danger"
            disabled={busy}
            onClick={() => void confirm()}
          >
            {busy ? CANCEL_TEXTS.busy : CANCEL_TEXTS.confirm}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
