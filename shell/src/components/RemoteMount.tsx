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
}: {
  load: () => Promise<{ default: ComponentType }>;
  label?: string;
}) {
  const [attempt, setAttempt] = useState(0);
  // A new lazy component per attempt: React caches a rejected lazy() forever.
  const Lazy = useMemo(() => lazy(load), [load, attempt]);
  return (
    <ErrorBoundary
      resetKey={attempt}
      fallback={(error) => (
        <RemoteUnavailable detail={label ? `${label}: ${error.message}` : error.message} onRetry={() => setAttempt((n) => n + 1)} />
      )}
    >
      <Suspense fallback={<Loader />}>
        <Lazy />
      </Suspense>
    </ErrorBoundary>
  );
}
