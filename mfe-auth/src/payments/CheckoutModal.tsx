import { Dialog } from 'shared';
import { CHECKOUT_AMOUNT, CHECKOUT_CURRENCY } from '../constants';
import { CardCheckout } from './CardCheckout';
import '../account.css';

/** Spec section 7: the card provider's checkout, for 10.00 INR and the user's email; answers a token. */
export function CheckoutModal({
  email,
  onToken,
  onClose,
}: {
  email: string;
  onToken: (token: string) => Promise<string | null | void> | void;
  onClose: () => void;
}) {
  const amount = `${CHECKOUT_AMOUNT} ${CHECKOUT_CURRENCY}`;
  return (
    <Dialog title="Checkout" onClose={onClose}>
      <div className="auth-checkout-summary">
        <span>{email}</span>
        <strong>{amount}</strong>
      </div>
      <CardCheckout
        submitLabel={`Pay ${amount}`}
        onToken={onToken}
        footer={
          <button type="button" className="auth-secondary" onClick={onClose}>
            Cancel
          </button>
        }
      />
    </Dialog>
  );
}
