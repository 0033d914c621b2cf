import { Link, useNavigate } from 'react-router-dom';
import { PageTitle } from 'shared';
import { CardCheckout } from '../payments/CardCheckout';
import { usePaymentMethods } from '../payments/usePaymentMethods';

/**
 * The new payment method form, titled 'Edit Payment' (spec section 2). The card is tokenised by
 * the card provider; only the token reaches our API.
 */
export default function NewPaymentMethodPage() {
  const navigate = useNavigate();
  const payments = usePaymentMethods({ autoLoad: false });

  const saveToken = async (token: string) => {
    if (await payments.add(token)) navigate('/payment');
  };

  return (
    <div className="ui-page">
      <PageTitle>Edit Payment</PageTitle>
      <section className="ui-card" aria-label="New payment method">
        <CardCheckout
          submitLabel="Save"
          onToken={saveToken}
          footer={
            <Link to="/payment" className="auth-secondary">
              Cancel
            </Link>
          }
        />
      </section>
    </div>
  );
}
