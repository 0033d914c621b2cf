import { Link } from 'react-router-dom';

/** What a provider sees on a customer's own screen (a link or a bookmark can lead there): why, and a way on. */
export function CustomersOnly({
  message,
  to,
  state,
  linkLabel,
}: {
  message: string;
  to: string;
  state?: unknown;
  linkLabel: string;
}) {
  return (
    <div className="ui-card ui-empty">
      <p>{message}</p>
      <Link to={to} state={state} className="ui-button ui-button--primary">
        {linkLabel}
      </Link>
    </div>
  );
}
