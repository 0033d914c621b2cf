import { useSyncExternalStore } from 'react';
import type { LocationSharingSession, LocationSharingSnapshot } from 'shared/src/location';

type LocationModule = typeof import('shared/src/location');

/**
 * A provider's location sharing, started and stopped with the session, and what the top bar shows of it.
 * The location module (a federation singleton of its own) is loaded only when a provider's session
 * starts, so a signed-out visitor (/login) and a customer's session never load the watcher. Start and stop
 * may come before the module has arrived: the last of them wins.
 */
let loading: Promise<LocationModule> | null = null;
let loaded: LocationModule | null = null;
/** Told once when the module arrives. */
const arrivalListeners = new Set<() => void>();
/** The session that should be sharing now (the last start, unless a stop came after it). */
let wanted: LocationSharingSession | null = null;

/** Loads the location module once (again after a failed attempt). */
export function loadLocationModule(): Promise<LocationModule> {
  loading ??= import('shared/src/location').then(
    (module) => {
      loaded = module;
      for (const listener of [...arrivalListeners]) listener();
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Starts sharing for this provider's session once the module is in; resolves then (never rejects). */
export function startProviderSharing(session: LocationSharingSession): Promise<void> {
  wanted = session;
  return loadLocationModule().then(
    (module) => {
      if (wanted === session) module.startLocationSharing(session);
    },
    // Sharing is never in the way of the app: the session goes on without it.
    (error: unknown) => console.warn('location sharing could not start', error),
  );
}

/** Stops sharing (nothing to stop if the module was never loaded). */
export function stopProviderSharing(): void {
  wanted = null;
  loaded?.stopLocationSharing();
}

/** Share location (the notice's button): asks the browser again. */
export function shareLocationNow(): void {
  loaded?.shareLocationNow();
}

function subscribeProviderSharing(listener: () => void): () => void {
  if (loaded) return loaded.subscribeLocationSharing(listener);
  let unsubscribe: (() => void) | undefined;
  const onArrival = () => {
    arrivalListeners.delete(onArrival);
    unsubscribe = loaded?.subscribeLocationSharing(listener);
    listener();
  };
  arrivalListeners.add(onArrival);
  return () => {
    arrivalListeners.delete(onArrival);
    unsubscribe?.();
  };
}

const sharingSnapshot = (): LocationSharingSnapshot | null => loaded?.getLocationSharing() ?? null;

/** The provider's sharing as the top bar shows it; null until the location module is in (never, for a customer). */
export function useProviderSharing(): LocationSharingSnapshot | null {
  return useSyncExternalStore(subscribeProviderSharing, sharingSnapshot, sharingSnapshot);
}
