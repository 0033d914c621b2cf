import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { useFormikContext } from 'formik';
import { Loader } from 'shared';
import '../auth.css';
import { focusIsLost } from 'shared/src/ui/focus';

/**
 * After each submit: a form that did not pass its checks puts the focus on its first invalid field (its
 * label and message are read out); one the server answered leaves the focus on this button, which it
 * loses while disabled (the browser moves a disabled control's focus to the page).
 */
export function useFocusAfterSubmit(submitting: boolean) {
  const { submitCount, errors } = useFormikContext();
  const button = useRef<HTMLButtonElement>(null);
  const handledSubmits = useRef(0);
  const hasErrors = Object.keys(errors).length > 0;
  useEffect(() => {
    if (submitting || submitCount === handledSubmits.current) return;
    handledSubmits.current = submitCount;
    const control = button.current;
    if (!control) return;
    const invalid = control.form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (hasErrors && invalid) invalid.focus();
    else if (focusIsLost()) control.focus();
  }, [submitting, submitCount, hasErrors]);
  return button;
}

/**
 * A submit button pressed with the mouse does not take the focus: the field it would take it from is
 * checked on leaving, and the message said under that field moved the button between the press and the
 * release, which then landed beside it and the submit was lost. The submit checks every field anyway.
 */
export function keepFocusWhilePressed(event: MouseEvent<HTMLButtonElement>) {
  if (event.button === 0) event.preventDefault();
}

/** The form's primary submit button (inside its Formik form), disabled while submitting, with a loader under it meanwhile. */
export function SubmitButton({
  submitting,
  loaderLabel,
  children,
}: {
  submitting: boolean;
  loaderLabel: string;
  children: ReactNode;
}) {
  const button = useFocusAfterSubmit(submitting);
  return (
    <>
      <button ref={button} type="submit" className="auth-primary" disabled={submitting} onMouseDown={keepFocusWhilePressed}>
        {children}
      </button>
      {submitting ? <Loader label={loaderLabel} /> : null}
    </>
  );
}
