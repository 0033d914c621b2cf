import type { JobStatus } from '../contracts';
import { bookingStatusLabel, statusTone } from 'shared/src/bookings/statusLabels';

/** A job's status as a coloured badge; `label` overrides the word (e.g. Previous Bookings' labels). */
export function StatusBadge({ status, label }: { status: JobStatus; label?: string }) {
  return <span className={`ui-status ui-status--${statusTone(status)}`}>{label ?? bookingStatusLabel(status)}</span>;
}
