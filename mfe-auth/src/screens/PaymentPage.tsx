import { Link } from 'react-router-dom';
import { PageTitle } from 'shared';
import { SavedCardList } from '../components/PaymentCardList';
import { usePaymentMethods } from '../payments/usePaymentMethods';

/** Payments (spec section 2): the saved cards, with a card-less illustration when there are none. */
export default function PaymentPage() {
  const payments = usePaymentMethods();
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
    </div>
  );
}
