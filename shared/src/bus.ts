import { Subject, filter, type Observable } from 'rxjs';
import type { BusEvent, BusEventOf, BusEventType } from './contracts';

/**
 * The one event bus every app shares. `shared` is a federation singleton, so this subject exists
 * exactly once per page no matter how many remotes import it.
 */
const subject = new Subject<BusEvent>();

export const bus = {
  emit(event: BusEvent): void {
    subject.next(event);
  },
  on<T extends BusEventType>(type: T): Observable<BusEventOf<T>> {
    return subject.pipe(filter((e): e is BusEventOf<T> => e.type === type));
  },
  all(): Observable<BusEvent> {
    return subject.asObservable();
  },
};
