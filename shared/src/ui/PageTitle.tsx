import type { ReactNode } from 'react';

/** The screen title of spec section 2 (one h1 per screen). */
export function PageTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="ui-page-title">
      <h1>{children}</h1>
      {actions ? <div className="ui-page-title__actions">{actions}</div> : null}
    </div>
  );
}
