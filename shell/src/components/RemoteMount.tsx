import { Suspense, useEffect, useEffectEvent, useState, type ComponentType } from 'react';
import { ErrorBoundary, ErrorState, Loader } from 'shared';
import { firstScreenShown } from '../session/firstScreenShown';
import { lazyComponent } from './loadedComponents';
import { failedChunkAddress, reloadForNewBuild } from './newBuild';

export const REMOTE_UNAVAILABLE_MESSAGE = 'This part of the app is unavailable right now.';
export const LOADING_NEW_BUILD = 'Loading the new version of this page…';

type RemoteLoad = () => Promise<{ default: ComponentType }>;

/**
 * The message with Retry. What failed to download is tried again by itself when the browser is back
 * online (`onBackOnline`, Retry's work unless told otherwise; null: not at all), so a screen that failed
 * while offline mends without a press, as the lists on screen do.
 */
export function RemoteUnavailable({
  onRetry,
  detail,
  onBackOnline = onRetry,
}: {
  onRetry: () => void;
  detail?: string;
  onBackOnline?: (() => void) | null;
}) {
  const backOnline = useEffectEvent(() => onBackOnline?.());
  const retriesWhenOnline = onBackOnline !== null;
  useEffect(() => {
    if (!retriesWhenOnline) return undefined;
    const onOnline = () => backOnline();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [retriesWhenOnline]);
  return <ErrorState message={REMOTE_UNAVAILABLE_MESSAGE} detail={detail} onRetry={onRetry} />;
}

/** Whether the error is a download of code that failed (webpack's ChunkLoadError, or its CSS's). */
const isDownloadFailure = (error: Error) =>
  error.name === 'ChunkLoadError' || /^Loading (CSS )?chunk \S+ failed/.test(error.message);

/**
 * What a user can do about a screen that failed, in words: the error's own message (a chunk's address, a
 * stack frame's wording) goes to the console, not to the page.
 */
export function failureDetail(error: Error, label?: string): string {
  const screen = label ?? 'This screen';
  return isDownloadFailure(error)
    ? `${screen} could not be downloaded. Check your connection, then press Retry.`
    : `${screen} stopped because of an error. Press Retry; if it happens again, reload the page.`;
}

/** Tells `onShown` (once mounted) that what it stands beside is on screen. */
export function Shown({ onShown }: { onShown?: () => void }) {
  useEffect(() => onShown?.(), [onShown]);
  return null;
}

/**
 * What a screen whose code failed to load shows: the message with Retry, or, when its chunk is gone from a
 * server that answers (its remote was redeployed since this tab loaded it), a loader while the page
 * reloads with the new build (newBuild.ts). Retry reloads in that case too.
 */
function ScreenFailed({ error, label, onRetry }: { error: Error; label?: string; onRetry: () => void }) {
  const fromOldBuild = failedChunkAddress(error) !== null;
  const [checking, setChecking] = useState(fromOldBuild);
  useEffect(() => {
    if (!fromOldBuild) return;
    let active = true;
    void reloadForNewBuild(error).then((reloading) => {
      if (active && !reloading) setChecking(false);
    });
    return () => {
      active = false;
    };
  }, [error, fromOldBuild]);
  const retry = () => {
    if (!fromOldBuild) return onRetry();
    setChecking(true);
    void reloadForNewBuild(error, { asked: true }).then((reloading) => {
      if (reloading) return;
      setChecking(false);
      onRetry();
    });
  };
  return (
    <>
      {checking ? (
        <Loader label={LOADING_NEW_BUILD} />
      ) : (
        <RemoteUnavailable
          detail={failureDetail(error, label)}
          onRetry={retry}
          // Downloaded again, not the page reloaded as Retry may: that the server answers again says nothing
          // of a new build, and a chunk gone for good fails again and is handled above. A screen that stopped
          // on an error of its own is not mended by the connection.
          onBackOnline={isDownloadFailure(error) ? onRetry : null}
        />
      )}
      <Shown onShown={firstScreenShown} />
    </>
  );
}

/**
 * Mounts a lazily loaded remote component behind an error boundary and a loader.
 * Retry re-creates the lazy component, so a chunk that failed to download is fetched again.
 */
export function RemoteMount({
  load,
  label,
  background = false,
  onShown,
}: {
  load: RemoteLoad;
  label?: string;
  /** Shows nothing while loading or after a failure (for widgets with nothing on screen until asked). */
  background?: boolean;
  /** Called once the component (or the message that it failed) is on screen, e.g. to place what goes below it. */
  onShown?: () => void;
}) {
  // The lazy component is kept in state, so it is the same component on every render: made on mount, for a
  // new `load`, and on Retry (React caches a rejected lazy() forever; a new one fetches the chunk again).
  // A module loaded already (the first screen's, preloaded at start-up) is rendered at once instead.
  const [mounted, setMounted] = useState(() => ({ load, attempt: 0, Lazy: lazyComponent(load) }));
  if (mounted.load !== load) setMounted({ load, attempt: mounted.attempt, Lazy: lazyComponent(load) });
  const { attempt, Lazy } = mounted;
  const retry = () => setMounted((m) => ({ load: m.load, attempt: m.attempt + 1, Lazy: lazyComponent(m.load) }));
  return (
    <ErrorBoundary
      resetKey={attempt}
      fallback={(error) => (
        <>
          {background ? null : <ScreenFailed error={error} label={label} onRetry={retry} />}
          <Shown onShown={onShown} />
        </>
      )}
    >
      <Suspense fallback={background ? null : <Loader />}>
        <Lazy />
        <Shown onShown={onShown} />
        {background ? null : <Shown onShown={firstScreenShown} />}
      </Suspense>
    </ErrorBoundary>
  );
}
