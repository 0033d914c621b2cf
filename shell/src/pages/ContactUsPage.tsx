import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  ApiError,
  bus,
  isSessionRefusal,
  Loader,
  PageTitle,
  storeContactUs,
  useHeldForm,
  useHoldThroughSessionEnd,
  useLeaveGuard,
  useStillShown,
} from 'shared';
import { useDocumentTitle } from '../routing/RemoteRouteElement';
import { focusIsLost } from 'shared/src/ui/focus';

type Field = 'title' | 'message';
type FieldErrors = Partial<Record<Field, string>>;

/** The server's reason for each field it refused (its `errors`), else one message for the whole form. */
function reasonsOf(error: unknown): { fields: FieldErrors; form: string | null } {
  if (error instanceof ApiError && error.errors) {
    const fields: FieldErrors = {};
    for (const field of ['title', 'message'] as const) {
      const first = error.errors[field]?.[0];
      if (first) fields[field] = first;
    }
    if (Object.keys(fields).length) return { fields, form: null };
  }
  const detail = error instanceof Error && error.message ? ` ${error.message}` : '';
  return { fields: {}, form: `Your message could not be sent.${detail} What you wrote is still here; please try again.` };
}

/** Said in a toast when a send fails after the user chose to leave the page (its form is gone). */
export function notSentAfterLeaving(error: unknown): string {
  return `Your message to the admin could not be sent.${error instanceof Error && error.message ? ` ${error.message}` : ''}`;
}

/**
 * Contact Us: a query title box and a message box with Submit (no validation of its own, spec section 5:
 * the server's). Sent: 'Successfully send' and the fields are cleared. Refused or not sent: the reason is
 * shown and what was written stays (docs/deviations.md 34; the spec only logged it and cleared the fields).
 */
export default function ContactUsPage() {
  useDocumentTitle('Contact Us');
  const titleId = useId();
  const messageId = useId();
  // A session the API ended under the form: what was written comes back here after signing in again.
  const held = useHeldForm<{ title: string; message: string }>('contact');
  const [title, setTitle] = useState(held?.title ?? '');
  const [message, setMessage] = useState(held?.message ?? '');
  useHoldThroughSessionEnd('contact', { title, message }, title !== '' || message !== '');
  const [sending, setSending] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // Guarded while sending too: the page stays after a send, and a failed one keeps what was written here.
  useLeaveGuard(title !== '' || message !== '');
  /** A send that fails after the user chose to leave says so in a toast. */
  const shown = useStillShown();
  const submitButton = useRef<HTMLButtonElement>(null);
  /** Set by a submit: once answered, the focus goes to the first field to mend, else back to Submit. */
  const answered = useRef(false);
  useEffect(() => {
    if (sending || !answered.current) return;
    answered.current = false;
    const button = submitButton.current;
    const invalid = button?.form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) invalid.focus();
    else if (focusIsLost()) button?.focus();
  }, [sending]);

  /** A field's reason goes once the user changes what it was about. */
  const changed = (field: Field) => {
    setFieldErrors((errors) => ({ ...errors, [field]: undefined }));
    setFormError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setFieldErrors({});
    setFormError(null);
    try {
      await storeContactUs({ title, message }, { silent: true });
      bus.emit({ type: 'toast/show', kind: 'success', message: 'Successfully send' });
      setTitle('');
      setMessage('');
    } catch (error) {
      console.error(error);
      if (!shown.current) {
        // Refused because the session ended: /login says so, and the text is held for after signing in.
        if (!isSessionRefusal(error)) bus.emit({ type: 'toast/show', kind: 'error', message: notSentAfterLeaving(error) });
        return;
      }
      const reasons = reasonsOf(error);
      setFieldErrors(reasons.fields);
      setFormError(reasons.form);
    } finally {
      answered.current = true;
      setSending(false);
    }
  };

  return (
    <div className="ui-page">
      <PageTitle>Contact Us</PageTitle>
      <form className="ui-card contact-form" noValidate onSubmit={submit}>
        <ContactField id={titleId} label="Query Title" error={fieldErrors.title}>
          <input
            id={titleId}
            value={title}
            // No maxLength: it cut a longer paste silently and sent it cut. The server's limit (200) is said
            // under the field, and what was written stays to be shortened (docs/deviations.md 48).
            // What is being sent stays as sent: a change typed meanwhile would be cleared with it on success.
            readOnly={sending}
            onChange={(e) => {
              setTitle(e.target.value);
              changed('title');
            }}
            aria-invalid={fieldErrors.title ? true : undefined}
            aria-describedby={fieldErrors.title ? `${titleId}-error` : undefined}
          />
        </ContactField>
        <ContactField id={messageId} label="Message" error={fieldErrors.message}>
          <textarea
            id={messageId}
            rows={6}
            value={message}
            readOnly={sending}
            onChange={(e) => {
              setMessage(e.target.value);
              changed('message');
            }}
            aria-invalid={fieldErrors.message ? true : undefined}
            aria-describedby={fieldErrors.message ? `${messageId}-error` : undefined}
          />
        </ContactField>
        {formError ? (
          <p role="alert" className="ui-alert">
            {formError}
          </p>
        ) : null}
        <button ref={submitButton} type="submit" className="ui-button ui-button--primary" disabled={sending}>
          Submit
        </button>
        {sending ? <Loader label="Sending" /> : null}
      </form>
    </div>
  );
}

function ContactField({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="contact-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="contact-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
