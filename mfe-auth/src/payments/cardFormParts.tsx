import type { ReactNode, Ref } from 'react';
import { Loader } from 'shared';
import { keepFocusWhilePressed } from '../components/SubmitButton';
import '../auth.css';
import '../account.css';

/** What every card form takes: the submit label, who gets the token, and extra actions (e.g. Cancel). */
export interface CardFormProps {
  submitLabel: string;
  /** Gets the token; may answer why it could not be used (saved): said in the form, where the user is. */
  onToken: (token: string) => Promise<string | null | void> | void;
  footer?: ReactNode;
  /** Told true when a submit starts (the card on its way to the provider, then onToken) and false when it ends. */
  onBusy?: (busy: boolean) => void;
}

/** The end of a card form, the same for the sandbox and Stripe: the refusal, the actions and the saving loader. */
export function CardFormEnd({
  error,
  submitting,
  submitLabel,
  footer,
  buttonRef,
}: {
  error: string | null;
  submitting: boolean;
  submitLabel: string;
  footer?: ReactNode;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <>
      {error ? (
        <p role="alert" className="auth-error">
          {error}
        </p>
      ) : null}
      <div className="auth-form-actions">
        <button ref={buttonRef} type="submit" className="auth-primary" disabled={submitting} onMouseDown={keepFocusWhilePressed}>
          {submitLabel}
        </button>
        {footer}
      </div>
      {submitting ? <Loader label="Saving card" /> : null}
    </>
  );
}
