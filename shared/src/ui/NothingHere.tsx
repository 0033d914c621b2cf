import { Link, type To } from 'react-router-dom';

/**
 * A message with a way on, for a screen that has nothing to show: no job chosen, not found, not yours,
 * or the other role's screen (a shared link, a bookmark). Imported by path (shared/src/ui/NothingHere), so
 * that it stays out of the shared chunk every page loads.
 */
export function NothingHere({ message, to, linkLabel, state }: { message: string; to: To; linkLabel: string; state?: unknown }) {
  return (
    <div className="ui-card ui-empty">
      <p>{message}</p>
      <Link to={to} state={state} className="ui-button ui-button--primary">
        {linkLabel}
      </Link>
    </div>
  );
}
