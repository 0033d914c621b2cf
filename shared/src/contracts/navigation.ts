/**
 * Navigation state that screens of different remotes hand each other (spec section 2: "passed as
 * navigation state"). A route with state is a contract between remotes, like a bus event.
 */
import type { Role } from './entities';

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

/** /newpaymentmethod opened from elsewhere (the booking modal): where to go back after the card is saved. */
export interface AddCardNavState {
  returnTo: string;
  returnState?: unknown;
  /**
   * The history index (historyIndex) of the page left for the card form. While the card form is the
   * entry right after it, it goes back there (Back) rather than adding an entry after itself, which Go
   * Back and the browser's Back would lead to the card form from.
   */
  returnIndex?: number;
}

/** The return address of an AddCardNavState, if it is one and points inside the app. */
export function returnAddressFrom(state: unknown): AddCardNavState | null {
  if (!state || typeof state !== 'object') return null;
  const { returnTo, returnState, returnIndex } = state as Partial<AddCardNavState>;
  if (typeof returnTo !== 'string' || !returnTo.startsWith('/') || returnTo.startsWith('//')) return null;
  return { returnTo, returnState, ...(typeof returnIndex === 'number' && { returnIndex }) };
}

/** The history index the router's browser history keeps in an entry's state (`idx`), or null. */
export function historyIndexOf(state: unknown): number | null {
  const index = state && typeof state === 'object' ? (state as { idx?: unknown }).idx : undefined;
  return typeof index === 'number' ? index : null;
}

/**
 * This tab's place in its history as the router's browser history numbers it, or null where it is not
 * known (a memory router, a page not opened through the router).
 */
export function historyIndex(): number | null {
  // Through globalThis: the API type-checks these contracts without the DOM's types.
  return historyIndexOf((globalThis as { history?: { state?: unknown } }).history?.state);
}

/**
 * Whether going back (`navigate(-1)`) stays in the app: an entry of the app's own comes before this one
 * in this tab. A page opened in a new tab has none, nor one that the sign-in brought back to (the guard
 * and the login replace their entries, which gives the page a key of its own but no entry before it).
 * Where the index is not known (a memory router), the router's first entry is the only one without one.
 */
export function hasAppEntryBehind(location: { key: string }): boolean {
  const index = historyIndex();
  return index === null ? location.key !== 'default' : index > 0;
}

/** Whether the page that sent the user to the card form is the history entry just before this one. */
export function cameStraightFrom(back: AddCardNavState): boolean {
  const here = historyIndex();
  return back.returnIndex !== undefined && here !== null && here === back.returnIndex + 1;
}

/** /login reached by the guard from a signed-in page: the page to open once signed in. */
export interface LoginNavState {
  from: string;
  /** The page's own navigation state (which job, which provider): without it the page has nothing to show. */
  fromState?: unknown;
  /** The user whose session ended on that page: only they are taken back there (anyone else goes Home). */
  forUserId?: number;
  /**
   * A session that expired (the user did not choose to leave): the form starts with its account's email
   * and role, as after sign-up or a new password (deviation 53). Not after Logout: the next person at
   * the device starts from the spec's empty form.
   */
  email?: string;
  role?: Role;
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
