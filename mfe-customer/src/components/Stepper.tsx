import { useId } from 'react';
import { type JobStatus } from 'shared';
import { activeStepIndex, BOOKING_STEPS } from 'shared/src/bookings/stepper';
import '../styles/customer.css';

/**
 * The booking stepper of spec section 2: at step 2 while Accepted, none active while Pending or
 * Rejected, all done once Completed. The current step carries aria-current="step".
 */
export function Stepper({ status }: { status: JobStatus }) {
  const active = activeStepIndex(status);
  const allDone = status === 'Completed';
  return (
    <ol className="cust-stepper" aria-label="Booking progress">
      {BOOKING_STEPS.map((step, index) => {
        const done = allDone || index < active;
        const current = !allDone && index === active;
        const className = `cust-step${done ? ' cust-step--done' : ''}${current ? ' cust-step--current' : ''}`;
        return (
          <li key={step} className={className} aria-current={current ? 'step' : undefined}>
            <span className="cust-step__dot" aria-hidden="true">
              {done ? '✓' : index + 1}
            </span>
            <span>
              {step}
              {done ? <span className="ui-visually-hidden"> (done)</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** A booking that ended without a ride has no progress to show (deviation 29). */
const ENDED_WITHOUT_RIDE: readonly JobStatus[] = ['Rejected', 'Cancelled', 'Expired'];

/**
 * The stepper in its own card, titled Progress (the booking details and View on Map); nothing for a
 * booking that ended without a ride.
 */
export function ProgressCard({ status }: { status: JobStatus }) {
  const titleId = useId();
  if (ENDED_WITHOUT_RIDE.includes(status)) return null;
  return (
    <section className="ui-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="ui-section-title">
        Progress
      </h2>
      <Stepper status={status} />
    </section>
  );
}
