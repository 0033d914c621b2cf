import { idFromState } from 'shared';

/*
 * Imported by path (shared/src/contracts/addressIds): the signed-in screens use it, and it stays out of
 * the shared chunk every page (/login) loads.
 */

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

/** Whether the address names the id at all (`?service=abc` does, and names no service). */
export const addressNamesId = (location: { search: string }, field: NavIdField): boolean =>
  new URLSearchParams(location.search).has(ID_PARAMS[field]);

/**
 * The job of a screen: from navigation state, else from the `job` query parameter (a link opened in a
 * new tab; the finish e-mail's "Rate your booking" opens /bookingfinished?job=ID).
 */
export const jobIdFrom = (location: { state: unknown; search: string }): number | null => navIdFrom(location, 'jobId');
