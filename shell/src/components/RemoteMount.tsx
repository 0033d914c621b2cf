import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react';
import { ErrorBoundary, ErrorState, Loader } from 'shared';

export const REMOTE_UNAVAILABLE_MESSAGE = 'This part of the app is unavailable right now.';

export function RemoteUnavailable({ onRetry, detail }: { onRetry: () => void; detail?: string }) {
  return <ErrorState message={REMOTE_UNAVAILABLE_MESSAGE} detail={detail} onRetry={onRetry} />;
}

/**
 * Mounts a lazily loaded remote component behind an error boundary and a loader.
 * Retry re-creates the lazy component, so a chunk that failed to download is fetched again.
 */
export function RemoteMount({
  load,
  label,
  background = false,
}: {
  load: () => Promise<{ default: ComponentType }>;
  label?: string;
  /** Shows nothing while loading or after a failure (for widgets with nothing on screen until asked). */
  background?: boolean;
}) {
  const [attempt, setAttempt] = useState(0);
  // A new lazy component per attempt: React caches a rejected lazy() forever.
  const Lazy = useMemo(() => lazy(load), [load, attempt]);
  return (
    <ErrorBoundary
      resetKey={attempt}
      fallback={(error) =>
        background ? null : (
          <RemoteUnavailable
            detail={label ? `${label}: ${error.message}` : error.message}
            onRetry={() => setAttempt((n) => n + 1)}
          />
        )
      }
    >
      <Suspense fallback={background ? null : <Loader />}>
        <Lazy />
      </Suspense>
    </ErrorBoundary>
  );
}
