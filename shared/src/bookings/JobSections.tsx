import type { Job } from '../contracts';
import { formatPrice } from 'shared';

/**
 * A job's Summary card, as both roles see it: the date, duration, price and, when the customer gave
 * one, the requested time. The date row reads 'Date' (the job's last change, spec section 2) unless the
 * screen shows another moment, which it then names (`dateLabel`). `date` and `requested` come formatted (formatDateLong and
 * formatRequestedTime of 'shared/src/format'), so that this module does not bring the date library into
 * every screen that imports 'shared'.
 */
export function JobSummary({
  job,
  date,
  dateLabel = 'Date',
  requested,
  headingId,
}: {
  job: Job;
  date: string;
  dateLabel?: string;
  requested: string | null;
  headingId: string;
}) {
  return (
    <section className="ui-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="ui-section-title">
        Summary
      </h2>
      <dl className="ui-details">
        <div>
          <dt>{dateLabel}</dt>
          <dd>{date}</dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{job.duration?.trim() || 'Not set yet'}</dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>{formatPrice(job.price)}</dd>
        </div>
        {requested ? (
          <div>
            <dt>Requested for</dt>
            <dd>{requested}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

/** A job's pick and drop address card, as both roles see it. */
export function PickAndDrop({ job, headingId }: { job: Pick<Job, 'address' | 'destination_address'>; headingId: string }) {
  const stops = [
    ['Pick Address', job.address, ''],
    ['Drop Address', job.destination_address, 'ui-route__pin--drop'],
  ] as const;
  return (
    <section className="ui-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="ui-section-title">
        Pick and Drop
      </h2>
      <ul className="ui-route">
        {stops.map(([label, address, pin]) => (
          <li key={label}>
            <span className={`ui-route__pin ${pin}`} aria-hidden="true" />
            <span>
              <span className="ui-route__label">{label}</span>
              {address}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
