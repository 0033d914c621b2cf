import { Link } from 'react-router-dom';
import { PageTitle, useSessionUser } from 'shared';
import { PaymentHistory } from '../components/PaymentHistory';
import { SavedCardList } from '../components/PaymentCardList';
import { usePaymentMethods } from '../payments/usePaymentMethods';

/**
 * Payments (spec section 2): the saved cards, with a card-less illustration when there are none, and
 * for customers their payment history (booking charges and refunds). Providers have no payments.
 */
export default function PaymentPage() {
  const payments = usePaymentMethods();
  const user = useSessionUser();
  return (
    <div className="ui-page">
      <PageTitle
        actions={
          <Link to="/newpaymentmethod" className="ui-button ui-button--primary">
            Add New
          </Link>
        }
      >
        Payments
      </PageTitle>
      <section className="ui-card" aria-label="Saved cards">
        <SavedCardList payments={payments} />
      </section>
      {user?.role === 'Customer' ? <PaymentHistory key={user.id} customerId={user.id} /> : null}
    </div>
  );
}
