import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Avatar, ErrorState, formatPrice, PageTitle } from 'shared';
import { SavedCardList } from '../components/PaymentCardList';
import { CheckoutModal } from '../payments/CheckoutModal';
import { usePaymentMethods } from '../payments/usePaymentMethods';
import { useFreshUser } from '../useFreshUser';
import '../account.css';

/** My Profile (spec section 2): the user's details and the Payment panel with the saved cards. */
export default function ProfilePage() {
  const user = useFreshUser();
  const payments = usePaymentMethods();
  const [checkoutOpen, setCheckoutOpen] = useState(false);

  if (!user) return <ErrorState message="You are not signed in." />;

  const details: [string, string][] = [
    ['First Name', user.first_name],
    ['Last Name', user.last_name],
    ['Phone', user.phone ?? ''],
    ['Email', user.email],
    ['Address', user.address ?? ''],
  ];
  if (user.role === 'Provider') {
    details.push(
      ['Bio', user.bio ?? ''],
      ['Years of Experience', user.year_of_exp === null || user.year_of_exp === undefined ? '' : String(user.year_of_exp)],
      ['Price', user.basic_price === null || user.basic_price === undefined ? '' : formatPrice(user.basic_price)],
    );
  }

  /** Closes the checkout once the card is saved; else its form says why. */
  const saveToken = async (token: string) => {
    const refused = await payments.add(token);
    if (refused === null) setCheckoutOpen(false);
    return refused;
  };

  return (
    <div className="ui-page">
      <PageTitle
        actions={
          <Link to="/editprofile" className="ui-button ui-button--primary">
            Edit Profile
          </Link>
        }
      >
        My Profile
      </PageTitle>
      <div className="auth-profile">
        <section className="ui-card" aria-label="Profile details">
          <Avatar src={user.avatar} name={user.full_name} size={96} />
          <h2>{user.full_name}</h2>
          <dl className="auth-details">
            {details.map(([term, value]) => (
              <div key={term} style={{ display: 'contents' }}>
                <dt>{term}</dt>
                <dd>{value || '—'}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section className="ui-card" aria-labelledby="profile-payment-title">
          <div className="ui-page-title auth-panel-head">
            <h2 id="profile-payment-title">Payment</h2>
            <button
              type="button"
              className="ui-button ui-button--primary"
              onClick={() => setCheckoutOpen(true)}
              disabled={payments.busy}
            >
              Add New
            </button>
          </div>
          <SavedCardList payments={payments} />
        </section>
      </div>
      {checkoutOpen ? <CheckoutModal email={user.email} onToken={saveToken} onClose={() => setCheckoutOpen(false)} /> : null}
    </div>
  );
}
