import type { Location } from 'react-router-dom';
import type { LoginNavState, User } from 'shared';

/**
 * Who was last signed in in this tab. When their session ends on a page (Logout, expiry, a sign-out in
 * another tab), the guard's way to /login names them, so that only they are taken back to that page
 * after signing in, not the next person to use the device.
 */
let lastUser: Pick<User, 'id' | 'email' | 'role'> | null = null;

export const noteSignedInUser = ({ id, email, role }: Pick<User, 'id' | 'email' | 'role'>) => {
  lastUser = { id, email, role };
};

/**
 * The way to /login from a signed-in page: Login comes back to it (with the page's own navigation state)
 * once signed in; when a session ended here, only for its user. With `handOverAccount` (the session
 * expired: nobody chose to leave) the form also starts with that user's email and role.
 */
export function loginNavStateFrom(
  { pathname, search, state }: Pick<Location, 'pathname' | 'search' | 'state'>,
  { handOverAccount = false }: { handOverAccount?: boolean } = {},
): LoginNavState {
  return {
    from: pathname + search,
    ...(state !== null && state !== undefined && { fromState: state as unknown }),
    ...(lastUser !== null && { forUserId: lastUser.id }),
    ...(lastUser !== null && handOverAccount && { email: lastUser.email, role: lastUser.role }),
  };
}
