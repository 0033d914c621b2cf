import { useRef } from 'react';
import { EmailAddress } from 'shared';
import { DiscardableDialog } from 'shared/src/ui/DiscardableDialog';
import { CHECKOUT_NOTE, CHECKOUT_PRICE, CHECKOUT_SUBMIT_LABEL } from '../constants';
import { CardCheckout } from './CardCheckout';
import '../account.css';

/** Asked before a card typed into the checkout is dropped (×, Escape, Back). */
export const DISCARD_CARD_TEXTS = {
  title: 'Discard this card?',
  message: 'The card details you typed are lost if you close the checkout.',
  keep: 'Keep editing',
  discard: 'Discard',
} as const;

/**
 * Spec section 7: the card provider's checkout, for 10.00 INR and the user's email; answers a token, and
 * says that saving the card charges nothing (the amount is what a booking costs). Closing
 * it with a card typed asks first; while the card is on its way it stays open, so its answer (saved, or why
 * not) is shown where it was asked for.
 */
export function CheckoutModal({
  email,
  onToken,
  onClose,
}: {
  email: string;
  onToken: (token: string) => Promise<string | null | void> | void;
  onClose: () => void;
}) {
  const paying = useRef(false);
  return (
    <DiscardableDialog title="Checkout" texts={DISCARD_CARD_TEXTS} onClose={onClose} held={() => paying.current}>
      <div className="auth-checkout-summary">
        <span>
          <EmailAddress email={email} />
        </span>
        <strong>{CHECKOUT_PRICE}</strong>
      </div>
      <p className="auth-checkout-note">{CHECKOUT_NOTE}</p>
      <CardCheckout
        submitLabel={CHECKOUT_SUBMIT_LABEL}
        onToken={onToken}
        onBusy={(busy) => {
          paying.current = busy;
        }}
        footer={
          <button type="button" className="auth-secondary" onClick={onClose}>
            Cancel
          </button>
        }
      />
    </DiscardableDialog>
  );
}
