/**
 * The rxjs every app shares as ONE federation singleton, limited to what the apps use (the event bus in
 * shared/src/bus.ts) and a few basics. A shared module cannot be tree-shaken (any consumer may need any
 * export), so sharing rxjs whole puts all of it (about 17 KB gzip) into the /login load; this is about
 * 3 KB. 'rxjs' resolves here in webpack builds (Jest uses the real package). Need another export? Add it
 * to this list.
 */
export {
  BehaviorSubject,
  Observable,
  ReplaySubject,
  Subject,
  Subscription,
  distinctUntilChanged,
  filter,
  firstValueFrom,
  map,
  take,
} from '__rxjs_implementation__';
