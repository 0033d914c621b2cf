import { lazy, Suspense } from 'react';
import { getRuntimeConfig, Loader } from 'shared';
import { CardForm } from './CardForm';
import type { CardFormProps } from './cardFormParts';

/** Loaded only when a Stripe key is configured: Stripe code never enters other bundles. */
const StripeCardForm = lazy(() => import('./StripeCardForm'));

export type CardCheckoutProps = CardFormProps;

/** The card provider's form: Stripe Elements when a publishable key is configured, the sandbox otherwise. */
export function CardCheckout(props: CardCheckoutProps) {
  if (!getRuntimeConfig().stripePublishableKey) return <CardForm {...props} />;
  return (
    <Suspense fallback={<Loader label="Loading the card provider" />}>
      <StripeCardForm {...props} />
    </Suspense>
  );
}
