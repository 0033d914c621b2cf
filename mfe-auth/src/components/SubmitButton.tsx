import type { ReactNode } from 'react';
import { Loader } from 'shared';
import '../auth.css';

/** The form's primary submit button, disabled while submitting, with a loader under it meanwhile. */
export function SubmitButton({
  submitting,
  loaderLabel,
  children,
}: {
  submitting: boolean;
  loaderLabel: string;
  children: ReactNode;
}) {
  return (
    <>
      <button type="submit" className="auth-primary" disabled={submitting}>
        {children}
      </button>
      {submitting ? <Loader label={loaderLabel} /> : null}
    </>
  );
}
