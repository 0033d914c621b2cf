import { ApiError, type PaymentMethod } from 'shared';
// By path: only the screens that ask load it (not the shared chunk of every page).
import { ConfirmDialog } from 'shared/src/ui/ConfirmDialog';

import { cardFullName } from 'shared/src/payments/cardText';

/** The texts of removing a saved card, word for word. */
export const REMOVE_CARD_TEXTS = {
  title: 'Remove this card?',
  explanation: (card: PaymentMethod) => `${cardFullName(card)} will no longer be offered when you pay.`,
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

/** 'Remove this card?': names the card and asks to confirm before anything is sent (shared's ConfirmDialog). */
export function RemoveCardDialog({ card, onRemove, onClose, onRemoved }: RemoveCardDialogProps) {
  const { explanation, ...texts } = REMOVE_CARD_TEXTS;
  return (
    <ConfirmDialog
      texts={{ ...texts, explanation: explanation(card) }}
      onConfirm={() => onRemove(card.id)}
      onClose={onClose}
      onDone={onRemoved}
      // Removed already (in another tab or on another device): the list drops it, and there is nothing left to remove.
      isFinal={(error) => error instanceof ApiError && error.status === 404}
    />
  );
}
