/**
 * Provider location (issue 10): the sharing watcher the shell starts (a contract: start/stop with the
 * session), the hooks screens read, the offline map's geometry and texts. The firebase SDK is loaded
 * on demand by the backend, never with this module.
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
