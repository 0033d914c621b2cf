import { useEffect } from 'react';
import { Loader, PlaceholderPage, type RemoteContract, type RemoteRoute, type Role, useSessionUser } from 'shared';
import { RemoteMount, RemoteUnavailable } from '../components/RemoteMount';
import { useRemotes } from '../federation/RemotesContext';
import { PUBLIC_PATHS, ROUTE_TABLE, pickForRole, type OwnedRoute } from './routeTable';
import type { RemoteName } from '../federation/types';

/** Which remote serves `path` for this role: the route table first, then any loaded contract. */
function ownerOf(
  path: string,
  role: Role | undefined,
  contracts: Partial<Record<RemoteName, RemoteContract>>,
): OwnedRoute | undefined {
  const owned = pickForRole(
    ROUTE_TABLE.filter((r) => r.path === path),
    role,
  );
  if (owned) return owned;
  const declared: OwnedRoute[] = [];
  for (const [remote, contract] of Object.entries(contracts) as [RemoteName, RemoteContract | undefined][]) {
    for (const r of contract?.routes ?? []) if (r.path === path) declared.push({ ...r, remote });
  }
  return pickForRole(declared, role);
}

/** The browser tab's title for the screen shown ('Payments · Marketplace'); the shell's own pages too. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = `${title} · Marketplace`;
  }, [title]);
}

/**
 * Mounts the screen a remote serves for `path` (choosing by role where two remotes serve it), behind a
 * loader and an error boundary. A remote that is down shows a clear message and a Retry button.
 */
export function RemoteRouteElement({ path }: { path: string }) {
  const { states, ensure, retry } = useRemotes();
  const role = useSessionUser()?.role;
  const contracts = Object.fromEntries(
    Object.entries(states).flatMap(([name, s]) => (s.status === 'ready' ? [[name, s.contract]] : [])),
  ) as Partial<Record<RemoteName, RemoteContract>>;
  const owner = ownerOf(path, role, contracts);
  const ownerRemote = owner?.remote;
  useEffect(() => {
    if (ownerRemote) ensure(ownerRemote);
  }, [ensure, ownerRemote]);

  const state = owner ? states[owner.remote] : undefined;
  const isPublic = (PUBLIC_PATHS as readonly string[]).includes(path);
  const route =
    state?.status === 'ready'
      ? pickForRole(
          state.contract.routes.filter((r: RemoteRoute) => r.path === path && Boolean(r.public) === isPublic),
          role,
        )
      : undefined;
  // The remote's own title once its contract is in (its team may retitle a screen without the shell);
  // the shell's table says it until then, and when the remote is down.
  const title = route?.title ?? owner?.title;
  useDocumentTitle(title);

  if (!owner || !state) return <PlaceholderPage title="Not found" />;
  if (state.status === 'idle' || state.status === 'loading') return <Loader />;
  if (state.status === 'error') {
    return (
      <div className="ui-page">
        <RemoteUnavailable onRetry={() => retry(owner.remote)} detail={`${owner.title} could not be loaded.`} />
      </div>
    );
  }
  if (!route) return <PlaceholderPage title={owner.title} />;
  return <RemoteMount key={`${owner.remote}:${path}:${route.role ?? ''}`} load={route.load} label={route.title} />;
}
