export interface ErrorStateProps {
  message: string;
  detail?: string;
  onRetry?: () => void;
  retryLabel?: string;
}

/** A clear failure message with an optional Retry button. */
export function ErrorState({ message, detail, onRetry, retryLabel = 'Retry' }: ErrorStateProps) {
  return (
    <section className="ui-error-state" aria-live="polite">
      <p className="ui-error-state__message">{message}</p>
      {detail ? <p className="ui-error-state__detail">{detail}</p> : null}
      {onRetry ? (
        <button type="button" className="ui-button ui-button--primary" onClick={onRetry}>
          {retryLabel}
        </button>
      ) : null}
    </section>
  );
}
