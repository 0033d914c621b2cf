import type { Location } from 'react-router-dom';
import type { LoginNavState } from 'shared';

/**
 * Who was last signed in in this tab. When their session ends on a page (Logout, expiry, a sign-out in
 * another tab), the guard's way to /login names them, so that only they are taken back to that page
 * after signing in, not the next person to use the device.
 */
let lastUserId: number | null = null;

export const noteSignedInUser = (userId: number) => {
  lastUserId = userId;
};

/**
 * The way to /login from a signed-in page: Login comes back to it (with the page's own navigation state)
 * once signed in; when a session ended here, only for its user.
 */
export function loginNavStateFrom({ pathname, search, state }: Pick<Location, 'pathname' | 'search' | 'state'>): LoginNavState {
  return {
    from: pathname + search,
    ...(state !== null && state !== undefined && { fromState: state as unknown }),
    ...(lastUserId !== null && { forUserId: lastUserId }),
  };
}
