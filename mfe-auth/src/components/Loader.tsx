/** Spinner shown while a call is in flight. */
export function Loader({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="auth-loader" role="status" aria-live="polite">
      <span className="auth-spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
