import type { RemoteContract } from 'shared';

export type RemoteName = RemoteContract['name'];

export const REMOTE_NAMES: readonly RemoteName[] = ['mfe_auth', 'mfe_customer', 'mfe_provider', 'mfe_chat'];

/** Where each remote's manifest lives (the shape of /remotes.json). */
export type RemotesConfig = Record<RemoteName, string>;

/** Loads remote contracts; the production one talks to the federation runtime, tests pass a fake. */
export interface RemoteLoader {
  loadContract(name: RemoteName): Promise<RemoteContract>;
  /** Forgets a failed load (re-registers the remote) and loads its contract again. */
  retryContract(name: RemoteName): Promise<RemoteContract>;
}

export type RemoteState =
  | { status: 'idle'; contract?: undefined; error?: undefined }
  | { status: 'loading'; contract?: undefined; error?: undefined }
  | { status: 'ready'; contract: RemoteContract; error?: undefined }
  | { status: 'error'; contract?: undefined; error: Error };

/** Thrown when a remote cannot be reached (its server is down or its files are missing). */
export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: string,
    cause?: unknown,
  ) {
    super(`Remote ${remote} is unavailable${cause instanceof Error ? `: ${cause.message}` : ''}`);
    this.name = 'RemoteUnavailableError';
  }
}
