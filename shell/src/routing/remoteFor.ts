import { matchPath } from 'react-router-dom';
import type { Role } from 'shared';
import type { RemoteName } from '../federation/types';
import { ROUTE_TABLE, pickForRole, viewRoleOf } from './routeTable';

/**
 * The remote whose contract a signed-in screen at `pathname` needs first: the route table's owner, and
 * for Home (the shell's own page) the remote of the role's blocks. Undefined for the shell's other pages.
 * Used to start loading it early (issue 12): at start-up, and when a link to it is about to be followed.
 */
export function remoteFor(pathname: string, role: Role | null | undefined): RemoteName | undefined {
  if (pathname === '/') return viewRoleOf(role) === 'Customer' ? 'mfe_customer' : 'mfe_provider';
  const owned = ROUTE_TABLE.filter((route) => matchPath({ path: route.path, end: true }, pathname));
  return pickForRole(owned, role)?.remote;
}
