import { useEffect, useRef, useState } from 'react';
// Through 'shared', not relative paths: imported by path, this module is bundled into each remote that uses
// it, and a relative import would bring a second Dialog whose open dialogs the browser's Back never closes.
import { Dialog, messageOfError } from 'shared';

/** The words of one confirmation: its title, what confirming does, and its two buttons. */
export interface ConfirmTexts {
  title: string;
  explanation: string;
  /** The button that does it, e.g. 'Remove card'. */
  confirm: string;
  /** The same button while the call runs, e.g. 'Removing…'. */
  busy: string;
  /** The safe choice, e.g. 'Keep card'. */
  keep: string;
}

export interface ConfirmDialogProps {
  texts: ConfirmTexts;
  /** Does it (the API call); rejects with the error whose message is shown. */
  onConfirm: () => Promise<unknown>;
  /** The safe choice, the close button or Escape (ignored while the call is in flight). */
  onClose: () => void;
  /** The call succeeded. */
  onDone: () => void;
  /**
   * True for a refusal that another try cannot change (the booking was accepted meanwhile, the card was
   * removed in another tab): the message stays, the confirm button goes, and 'OK' is left.
   */
  isFinal?: (error: unknown) => boolean;
  /**
   * Set when what the dialog asks about changed under it (the provider accepted the booking while the
   * dialog was open): said at once, like a final refusal, with only OK left. Ignored while the call runs.
   */
  outdated?: string | null;
}

/** The one button left after a final refusal. */
export const FINAL_LABEL = 'OK';

/**
 * Asks before something that cannot be undone (cancelling a booking, removing a card): says what it
 * does, and sends nothing until confirmed. Focus starts on the safe choice, which comes first. While the
 * call runs, the confirm button reads `texts.busy`, both buttons are disabled and it cannot be pressed
 * twice; a refusal is shown here with the server's message, focus goes back to the confirm button and
 * the dialog stays open. A final refusal (`isFinal`) says only why and leaves only OK (it closes): pressing again
 * could only fail again; so does news from outside that the question no longer stands (`outdated`). Imported by path ('shared/src/ui/ConfirmDialog'): only the screens that ask load it.
 */
export function ConfirmDialog({ texts, onConfirm, onClose, onDone, isFinal, outdated }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [finalRefusal, setFinalRefusal] = useState(false);
  // Not while the call runs (its success closes the dialog), nor over the server's own final word.
  const changedMeanwhile = !busy && !finalRefusal && outdated ? outdated : null;
  const error = changedMeanwhile ?? refusal;
  const final = finalRefusal || changedMeanwhile !== null;
  const inFlight = useRef(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  // A disabled button loses focus: after a refusal, focus returns to the button that was pressed, or to
  // OK when that button is gone.
  useEffect(() => {
    if (error) (final ? closeRef : confirmRef).current?.focus();
  }, [error, final]);

  const confirm = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setRefusal(null);
    try {
      await onConfirm();
      onDone();
    } catch (err) {
      console.error(err);
      inFlight.current = false;
      setBusy(false);
      setRefusal(messageOfError(err));
      setFinalRefusal(isFinal?.(err) ?? false);
    }
  };

  const close = () => {
    if (!inFlight.current) onClose();
  };

  return (
    <Dialog title={texts.title} onClose={close}>
      <div className="ui-confirm" aria-busy={busy}>
        {/* What confirming would have done is no longer so after a final refusal. */}
        {final ? null : <p>{texts.explanation}</p>}
        {error ? (
          <p role="alert" className="ui-alert">
            {error}
          </p>
        ) : null}
        <div className="ui-actions ui-confirm__actions">
          {final ? (
            <button ref={closeRef} type="button" className="ui-button" onClick={close}>
              {FINAL_LABEL}
            </button>
          ) : (
            <>
              <button type="button" className="ui-button" disabled={busy} onClick={close}>
                {texts.keep}
              </button>
              <button
                ref={confirmRef}
                type="button"
                className="ui-button ui-button--danger"
                disabled={busy}
                onClick={() => void confirm()}
              >
                {busy ? texts.busy : texts.confirm}
              </button>
            </>
          )}
        </div>
      </div>
    </Dialog>
  );
}
