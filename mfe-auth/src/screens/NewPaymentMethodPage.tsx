import { Link, useLocation, useNavigate } from 'react-router-dom';
import { cameStraightFrom, PageTitle, releaseLeaveGuards, returnAddressFrom } from 'shared';
import { CardCheckout } from '../payments/CardCheckout';
import { usePaymentMethods } from '../payments/usePaymentMethods';
import '../account.css';

/**
 * The new payment method form, titled 'Edit Payment' (spec section 2). The card is tokenised by
 * the card provider; only the token reaches our API.
 */
export default function NewPaymentMethodPage() {
  const navigate = useNavigate();
  // Opened from the booking modal: back there (with its state) once the card is saved or on Cancel.
  const back = returnAddressFrom(useLocation().state);
  const payments = usePaymentMethods({ autoLoad: false });

  // Straight from the booking modal's page: back to its own history entry, which holds the form.
  const goesBack = back !== null && cameStraightFrom(back);

  const saveToken = async (token: string) => {
    const refused = await payments.add(token);
    if (refused !== null) return refused;
    if (goesBack) void navigate(-1);
    else if (back) void navigate(back.returnTo, { state: back.returnState });
    else void navigate('/payment');
  };

  return (
    <div className="ui-page">
      <PageTitle>Edit Payment</PageTitle>
      <section className="ui-card" aria-label="New payment method">
        <CardCheckout
          submitLabel="Save"
          onToken={saveToken}
          footer={
            // Cancel is the choice to drop what was typed: it does not ask.
            <Link
              to={back?.returnTo ?? '/payment'}
              state={back?.returnState}
              className="auth-secondary"
              onClick={(event) => {
                // A click opening it in a new tab or window is the browser's: this tab stays, and so does
                // the question before its card is dropped.
                const newTab = event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
                if (newTab) return;
                releaseLeaveGuards();
                if (!goesBack) return;
                event.preventDefault();
                void navigate(-1);
              }}
            >
              Cancel
            </Link>
          }
        />
      </section>
    </div>
  );
}
