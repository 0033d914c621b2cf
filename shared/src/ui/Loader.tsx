/** A busy indicator that screen readers announce (role="status"). */
export function Loader({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="ui-loader" role="status" aria-live="polite">
      <span className="ui-spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
