export interface ErrorStateProps {
  message: string;
  detail?: string;
  onRetry?: () => void;
  retryLabel?: string;
}

/**
 * A clear failure message with an optional Retry button. The message is an alert: it appears together
 * with its text, which a polite live region created with its content is often not read out for.
 */
export function ErrorState({ message, detail, onRetry, retryLabel = 'Retry' }: ErrorStateProps) {
  return (
    <section className="ui-error-state">
      <div className="ui-error-state__text" role="alert">
        <p className="ui-error-state__message">{message}</p>
        {detail ? <p className="ui-error-state__detail">{detail}</p> : null}
      </div>
      {onRetry ? (
        <button type="button" className="ui-button ui-button--primary" onClick={onRetry}>
          {retryLabel}
        </button>
      ) : null}
    </section>
  );
}
