import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** What `loadRemote` answers instead of a module when a remote cannot be loaded. */
export interface RemoteFallbackModule {
  __remoteFallback: true;
  id: string;
  error: string;
}

export function isRemoteFallback(value: unknown): value is RemoteFallbackModule {
  return Boolean(value && typeof value === 'object' && (value as { __remoteFallback?: unknown }).__remoteFallback === true);
}

/**
 * A remote that is down must never take the shell down (docs/architecture.md, 'Failure isolation'). At
 * lifecycle `onLoad` (the last chance, after the manifest, entry or module failed) we answer a stand-in
 * module instead of an exception the runtime would otherwise re-throw; the shell sees it and shows its Retry
 * message. Other lifecycles return nothing, so the runtime's own error handling runs unchanged.
 */
export function offlineRemotePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'shell-offline-remote',
    errorLoadRemote(args) {
      if (args.lifecycle !== 'onLoad') return undefined;
      const fallback: RemoteFallbackModule = {
        __remoteFallback: true,
        id: args.id,
        error: args.error instanceof Error ? args.error.message : String(args.error),
      };
      return fallback;
    },
  };
}
