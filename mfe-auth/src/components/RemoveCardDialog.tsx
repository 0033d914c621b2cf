import { useEffect, useRef, useState } from 'react';
import { Dialog, type PaymentMethod } from 'shared';
import { messageOf } from '../apiMessage';
import '../account.css';

/** 'Visa •••• 4242': a saved card named by its brand and masked last four. */
export const cardLabel = (card: PaymentMethod) => `${card.card_brand} •••• ${card.card_last4}`;

/** The texts of removing a saved card, word for word. */
export const REMOVE_CARD_TEXTS = {
  title: 'Remove this card?',
  explanation: (card: PaymentMethod) => `${cardLabel(card)} will no longer be offered when you pay.`,
  confirm: 'Remove card',
  busy: 'Removing…',
  keep: 'Keep card',
} as const;

export interface RemoveCardDialogProps {
  card: PaymentMethod;
  /** Deletes the card (DELETE /api/payment-methods/{id}); rejects with the API's error. */
  onRemove: (id: number) => Promise<unknown>;
  /** Keep card, the close button or Escape (ignored while the call is in flight). */
  onClose: () => void;
  /** The API deleted the card. */
  onRemoved: () => void;
}

/**
 * 'Remove this card?': names the card and asks to confirm before anything is sent. Focus starts on
 * 'Keep card', the safe choice. While the call runs, 'Remove card' reads 'Removing…' and both buttons
 * are disabled; a refusal is shown here with the server's message, and the dialog stays open.
 */
export function RemoveCardDialog({ card, onRemove, onClose, onRemoved }: RemoveCardDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const confirmRef = useRef<HTMLButtonElement>(null);

  // A disabled button loses focus: after a refusal, focus returns to the button that was pressed.
  useEffect(() => {
    if (error) confirmRef.current?.focus();
  }, [error]);

  const confirm = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      await onRemove(card.id);
      onRemoved();
    } catch (err) {
      console.error(err);
      inFlight.current = false;
      setBusy(false);
      setError(messageOf(err));
    }
  };

  const close = () => {
    if (!inFlight.current) onClose();
  };

  return (
    <Dialog title={REMOVE_CARD_TEXTS.title} onClose={close}>
      <div className="auth-confirm" aria-busy={busy}>
        <p>{REMOVE_CARD_TEXTS.explanation(card)}</p>
        {error ? (
          <p role="alert" className="ui-alert">
            {error}
          </p>
        ) : null}
        <div className="ui-actions auth-confirm-actions">
          <button type="button" className="ui-button" disabled={busy} onClick={close}>
            {REMOVE_CARD_TEXTS.keep}
          </button>
          <button
            ref={confirmRef}
            type="button"
            className="ui-button ui-button--danger"
            disabled={busy}
            onClick={() => void confirm()}
          >
            {busy ? REMOVE_CARD_TEXTS.busy : REMOVE_CARD_TEXTS.confirm}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
