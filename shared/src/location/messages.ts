/** What the provider is told about sharing their position (the top bar's indicator and notice). */

export const SHARING_LABEL = 'Sharing location';
export const LOCATING_LABEL = 'Locating…';
export const SHARING_ELSEWHERE_LABEL = 'Sharing location (another tab)';
export const SHARING_OTHER_DEVICE_LABEL = 'Sharing location (another device)';
/** Said with the label above: which device customers follow, and how this one takes over. */
export const SHARING_OTHER_DEVICE_DETAIL =
  'Customers follow another device you are signed in on. Press anywhere on this page to share from this device.';
export const LOCATION_OFF_LABEL = 'Location off';
export const LOCATION_NOT_SENT_LABEL = 'Location not sent';

export const SHARE_LOCATION_LABEL = 'Share location';

/** Before the browser has asked (it asks when the provider presses Share location, never at page load). */
export const ASK_MESSAGE =
  'Your location is not shared yet, so customers cannot follow you on the map. Press Share location and allow it when your browser asks.';
export const DENIED_MESSAGE =
  "Location access is blocked, so customers cannot follow you on the map. To turn it on, allow location for this site in your browser's site settings, then reload the page.";
export const UNAVAILABLE_MESSAGE =
  "Your device cannot find its position right now, so customers cannot follow you on the map. Turn on the device's location service; sharing resumes by itself once a position is found.";
export const UNSUPPORTED_MESSAGE =
  'This browser cannot share its location, so customers cannot follow you on the map. Open the app in a browser with location support to share your position.';
export const SERVICE_ERROR_MESSAGE =
  'Your position cannot be sent right now, so customers cannot follow you on the map. It is sent again as soon as the location service answers.';
