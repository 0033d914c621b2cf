export * from './contracts';
export * from './config';
export * from './bus';
export * from './catchUp';
export * from './api';
export * from './session';
export * from './session/store';
export * from './price';
export * from './realtime';
export * from './ui';
export * from './bookings';
// Provider location (location/) is a federation singleton of its own: import it from 'shared/src/location'.
// The standalone dev harness is imported from 'shared/src/harness' by the remotes' own entry, so the
// composed app does not load it.
export * from './errorText';
export * from './storedRandomId';
