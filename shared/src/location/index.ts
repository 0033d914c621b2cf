/**
 * Provider location (issue 10): the sharing watcher the shell starts (a contract: start/stop with the
 * session), the hooks screens read, the offline map's geometry and texts. The firebase SDK is loaded
 * on demand by the backend, never with this module.
 *
 * Import it from 'shared/src/location', not from 'shared': it is a federation singleton of its own (one
 * sharing state per page), which the pages that need no location (/login, a customer's lists) never
 * load. For that one copy, its files reach the rest of the package through 'shared', never by a
 * relative path (a relative import would put a second API client and config into this module's chunk).
 */
export * from './geo';
// plane (the offline map's geometry) is pure and drawn by the customer remote's map only: imported there
// by path (shared/src/location/plane), so it is not in the shared chunk every page loads (issue 12).
export * from './throttle';
export * from './watcher';
export * from './messages';
export {
  configureLocationSharing,
  getLocationSharing,
  shareLocationNow,
  startLocationSharing,
  stopLocationSharing,
  subscribeLocationSharing,
  SHARING_LOCK,
  type LocationSharingDeps,
  type LocationSharingSession,
  type LocationSharingSnapshot,
  type SharingState,
} from './sharing';
export {
  getLocationBackend,
  setLocationBackend,
  isPermissionDenied,
  type LocationBackend,
  type LocationConnection,
} from './backend';
export type { LocationToken } from './token';
export * from './hooks';
