/**
 * Navigation state that screens of different remotes hand each other (spec section 2: "passed as
 * navigation state"). A route with state is a contract between remotes, like a bus event.
 */

/** /drivebooking */
export interface ServiceNavState {
  serviceId: number;
}

/** /providerprofile */
export interface ProviderProfileNavState {
  serviceId: number;
  providerId: number;
}

/** /activebookingdetails, /provideractivebookingdetails, /jobrequestdetails, /bookingfinished, /viewonmap */
export interface JobNavState {
  jobId: number;
  /** Set when a past booking is opened from Previous Bookings. */
  page?: 'previousBooking';
}

/** /deliveryconfirmation */
export interface DeliveryConfirmationNavState {
  jobId: number;
  action: 'accept' | 'reject';
}

/** A positive integer field of an unknown navigation state, or null (typed URL, state lost on reload). */
export function idFromState(state: unknown, field: string): number | null {
  if (!state || typeof state !== 'object') return null;
  const raw = (state as Record<string, unknown>)[field];
  const id = typeof raw === 'string' ? Number(raw) : raw;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * The query parameter each id of a navigation state is also written to: a link opened in a new tab,
 * bookmarked or shared has no navigation state, and opens the same screen from its address.
 */
const ID_PARAMS = { jobId: 'job', serviceId: 'service', providerId: 'provider' } as const;
export type NavIdField = keyof typeof ID_PARAMS;

/** A screen's path with the ids of its navigation state in the query ('/activebookingdetails?job=12'). */
export function pathWithIds(pathname: string, state: Partial<Record<NavIdField, number>>): { pathname: string; search: string } {
  const query = new URLSearchParams();
  for (const field of Object.keys(ID_PARAMS) as NavIdField[]) {
    const id = state[field];
    if (id !== undefined) query.set(ID_PARAMS[field], String(id));
  }
  const search = query.toString();
  return { pathname, search: search ? `?${search}` : '' };
}

/** An id of a screen: from its navigation state, else from the address (pathWithIds). */
export function navIdFrom(location: { state: unknown; search: string }, field: NavIdField): number | null {
  return (
    idFromState(location.state, field) ??
    idFromState({ [field]: new URLSearchParams(location.search).get(ID_PARAMS[field]) }, field)
  );
}

/**
 * The job of a screen: from navigation state, else from the `job` query parameter (a link opened in a
 * new tab; the finish e-mail's "Rate your booking" opens /bookingfinished?job=ID).
 */
export const jobIdFrom = (location: { state: unknown; search: string }): number | null => navIdFrom(location, 'jobId');

/** /newpaymentmethod opened from elsewhere (the booking modal): where to go back after the card is saved. */
export interface AddCardNavState {
  returnTo: string;
  returnState?: unknown;
}

/** The return address of an AddCardNavState, if it is one and points inside the app. */
export function returnAddressFrom(state: unknown): AddCardNavState | null {
  if (!state || typeof state !== 'object') return null;
  const { returnTo, returnState } = state as Partial<AddCardNavState>;
  return typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//')
    ? { returnTo, returnState }
    : null;
}

/** /login reached by the guard from a signed-in page: the page to open once signed in. */
export interface LoginNavState {
  from: string;
  /** The page's own navigation state (which job, which provider): without it the page has nothing to show. */
  fromState?: unknown;
  /** The user whose session ended on that page: only they are taken back there (anyone else goes Home). */
  forUserId?: number;
}

/**
 * Where to go after signing in: the page the guard came from, when it points inside the app and was not
 * another user's, else Home.
 */
export function afterLoginPath(state: unknown, signedInUserId?: number): string {
  if (!state || typeof state !== 'object') return '/';
  const { from, forUserId } = state as Partial<LoginNavState>;
  if (forUserId !== undefined && forUserId !== signedInUserId) return '/';
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login') ? from : '/';
}

/** The navigation state to open afterLoginPath's page with: its own, when going back to it. */
export function afterLoginState(state: unknown, signedInUserId?: number): unknown {
  if (afterLoginPath(state, signedInUserId) === '/') return undefined;
  return (state as Partial<LoginNavState>).fromState;
}
