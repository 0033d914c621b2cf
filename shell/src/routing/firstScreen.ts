import { matchPath } from 'react-router-dom';
import type { RemoteContract, Role } from 'shared';
import { loadComponent, type ComponentLoad } from '../components/loadedComponents';
import type { RemoteLoader } from '../federation/types';
import { remoteFor } from './remoteFor';
import { PUBLIC_PATHS, pickForRole, widgetFor } from './routeTable';

type ScreenLoad = ComponentLoad;

/** The module of `contract` that draws the screen at `pathname`: Home's blocks of the role, or the route's screen. */
export function screenLoadOf(contract: RemoteContract, pathname: string, role: Role | null | undefined): ScreenLoad | undefined {
  if (pathname === '/') {
    return widgetFor(contract, 'HomeBlocks', role)?.load;
  }
  const routes = contract.routes.filter((route) => matchPath({ path: route.path, end: true }, pathname));
  return pickForRole(routes, role)?.load;
}

/** Starts loading the code of the screen at `pathname` (see screenLoadOf), if the contract has one. */
export function loadScreen(contract: RemoteContract, pathname: string, role: Role | null | undefined) {
  const load = screenLoadOf(contract, pathname, role);
  return load ? loadComponent(load) : Promise.resolve(undefined);
}

/**
 * Starts downloading the first screen's code at start-up, before React has rendered down to it (issue 12):
 * its remote's contract, then at once the screen's own chunks, instead of one after the other with a
 * render in between. Signed out, every route shows an mfe_auth screen (the guard sends the rest to
 * /login). Failures are left to the screen, which loads the same modules and shows them.
 */
export function preloadFirstScreen(loader: RemoteLoader, pathname: string, session: { signedIn: boolean; role?: Role | null }) {
  const path = session.signedIn || (PUBLIC_PATHS as readonly string[]).includes(pathname) ? pathname : '/login';
  const remote = session.signedIn ? remoteFor(path, session.role) : 'mfe_auth';
  if (!remote) return;
  loader
    .loadContract(remote)
    .then((contract) => loadScreen(contract, path, session.role))
    .catch(() => undefined);
}
