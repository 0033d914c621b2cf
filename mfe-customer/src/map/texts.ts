import type { BrowserPositionState, FollowState, SharingState } from 'shared/src/location';

/** The screen's words about positions, in one place (the screen tests and the e2e suite read them). */

export const CONNECTING = 'Connecting to the location service…';
export const followingLive = (name: string) => `Following ${name} live.`;
/** A provider sharing writes at least once a minute, standing still too: an older position is only the last one they shared. */
export const lastSharedPosition = (name: string) => `Showing ${name}'s last shared position.`;
/** After this long without a new position (two missed heartbeats) the map no longer says live. */
export const LIVE_FOR_MS = 2 * 60 * 1000;
export const waitingFor = (name: string) => `${name} has not shared a position yet. The pin appears as soon as they do.`;
export const FOLLOW_DENIED = 'The location service does not let you follow this provider: the booking is no longer Accepted.';
export const EMPTY_MAP_CUSTOMER = "Waiting for the provider's position…";
export const EMPTY_MAP_PROVIDER = 'Waiting for your position…';

export const NOT_SHARED_YET = 'Not shared yet';
export const UNKNOWN = 'Unknown';

/** The "Your position" value while the browser has none. */
export function ownPositionUnknown(status: BrowserPositionState['status']): string {
  switch (status) {
    case 'denied':
      return 'Not available: location access is blocked';
    case 'unavailable':
      return 'Not available: your device has no position';
    case 'unsupported':
      return 'Not available in this browser';
    default:
      return 'Locating…';
  }
}

export function followStatusLine(state: FollowState, name: string, now: number = Date.now()): string {
  switch (state.status) {
    case 'live': {
      const { updatedAt, stopped } = state.position;
      return stopped || (updatedAt !== null && now - updatedAt > LIVE_FOR_MS) ? lastSharedPosition(name) : followingLive(name);
    }
    case 'waiting':
      return waitingFor(name);
    case 'denied':
      return FOLLOW_DENIED;
    case 'error':
      return state.message;
    default:
      return CONNECTING;
  }
}

/** The provider's own view: what their sharing state means for customers. */
export function sharingLine(state: SharingState): string {
  switch (state) {
    case 'sharing':
    case 'elsewhere':
      return 'Your position is shared: the customer of an accepted job follows it on their map.';
    case 'other-device':
      return 'Your position is shared from another device you are signed in on: the customer of an accepted job follows that one.';
    case 'starting':
      return 'Finding your position…';
    case 'denied':
      return 'Location access is blocked, so the customer cannot follow you. Allow location for this site in your browser, then reload the page.';
    case 'unavailable':
      return 'Your device has no position right now, so the customer cannot follow you.';
    case 'unsupported':
      return 'This browser cannot share its location, so the customer cannot follow you.';
    case 'error':
      return 'Your position cannot be sent right now, so the customer cannot follow you.';
    default:
      return 'Your position is not shared.';
  }
}
