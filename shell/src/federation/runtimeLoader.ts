import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteContract } from 'shared';
import { isRemoteFallback, offlineRemotePlugin } from './offlinePlugin';
import { REMOTE_NAMES, RemoteUnavailableError, type RemoteLoader, type RemoteName, type RemotesConfig } from './types';

/** Each remote's remoteEntry.js (an mf-manifest.json URL works too, at the cost of one more request). */
export const DEFAULT_REMOTES: RemotesConfig = {
  mfe_auth: 'http://localhost:3001/remoteEntry.js',
  mfe_customer: 'http://localhost:3002/remoteEntry.js',
  mfe_provider: 'http://localhost:3003/remoteEntry.js',
  mfe_chat: 'http://localhost:3004/remoteEntry.js',
};

/** Keeps the known remotes of a /remotes.json answer, with defaults for missing ones. */
export function normalizeRemotes(value: unknown): RemotesConfig {
  const input = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const result = { ...DEFAULT_REMOTES };
  for (const name of REMOTE_NAMES) {
    const entry = input[name];
    if (typeof entry === 'string' && entry) result[name] = entry;
  }
  return result;
}

function isContract(value: unknown, name: RemoteName): value is RemoteContract {
  const v = value as Partial<RemoteContract> | null;
  return Boolean(v && v.name === name && Array.isArray(v.routes) && Array.isArray(v.widgets));
}

/** Registers the remotes with the federation runtime and loads their `./contract` modules. */
export function createFederationLoader(remotes: RemotesConfig): RemoteLoader {
  init({
    name: 'shell',
    remotes: REMOTE_NAMES.map((name) => ({ name, entry: remotes[name] })),
    plugins: [offlineRemotePlugin()],
    shareStrategy: 'loaded-first',
  });

  async function loadContract(name: RemoteName): Promise<RemoteContract> {
    let mod: unknown;
    try {
      mod = await loadRemote<{ default: RemoteContract }>(`${name}/contract`);
    } catch (error) {
      throw new RemoteUnavailableError(name, error);
    }
    if (isRemoteFallback(mod)) throw new RemoteUnavailableError(name, new Error(mod.error));
    if (!mod) throw new RemoteUnavailableError(name);
    const contract = (mod as { default?: unknown }).default ?? mod;
    if (!isContract(contract, name)) throw new RemoteUnavailableError(name, new Error('its contract module is not valid'));
    return contract;
  }

  return {
    loadContract,
    async retryContract(name) {
      // The runtime caches what it loaded (manifest, entry, container): re-register to forget a failed attempt.
      registerRemotes([{ name, entry: remotes[name] }], { force: true });
      return loadContract(name);
    },
  };
}
