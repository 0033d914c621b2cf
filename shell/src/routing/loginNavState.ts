import type { Location } from 'react-router-dom';
import type { LoginNavState } from 'shared';
import { lastSignedInUserId } from '../session/lastSignedInUser';

/**
 * The way to /login from a signed-in page: Login comes back to it (with the page's own navigation state)
 * once signed in; when a session ended here, only for its user.
 */
export function loginNavStateFrom({ pathname, search, state }: Pick<Location, 'pathname' | 'search' | 'state'>): LoginNavState {
  const previousUserId = lastSignedInUserId();
  return {
    from: pathname + search,
    ...(state !== null && state !== undefined && { fromState: state as unknown }),
    ...(previousUserId !== null && { forUserId: previousUserId }),
  };
}
