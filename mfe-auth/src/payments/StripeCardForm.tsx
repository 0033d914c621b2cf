import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { ErrorState, getRuntimeConfig, Loader, useLeaveGuard } from 'shared';
import { loadStripeWithTimeout } from './loadStripe';
import { messageOf } from '../apiMessage';
import { CardFormEnd, type CardFormProps } from './cardFormParts';
import '../auth.css';
import '../account.css';

/**
 * Stripe Elements checkout, used only when a publishable key is configured (DESIGN.md section 6).
 * The card is entered in Stripe's own field and tokenised by Stripe. Stripe's refusal is shown until
 * the user changes the card name or the card.
 */
export default function StripeCardForm({ submitLabel, onToken, footer }: CardFormProps) {
  const key = getRuntimeConfig().stripePublishableKey;
  const nameId = useId();
  const mountRef = useRef<HTMLDivElement>(null);
  const cardRef = useRef<StripeCardElement | null>(null);
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [submitting, setSubmitting] = useState(false);
  /** Whether anything is typed into Stripe's card field (its change events say whether it is empty). */
  const [cardTyped, setCardTyped] = useState(false);
  useLeaveGuard((name !== '' || cardTyped) && !submitting);

  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    loadStripeWithTimeout(key).then(
      (loaded) => {
        if (current) setStripe(loaded);
      },
      (e: unknown) => {
        console.error(e);
        if (current) setLoadError(messageOf(e));
      },
    );
    return () => {
      current = false;
    };
  }, [key, attempt]);

  const retry = () => {
    setLoadError(null);
    setStripe(null);
    setAttempt((n) => n + 1);
  };

  useEffect(() => {
    if (!stripe || !mountRef.current) return undefined;
    const card = stripe.elements().create('card');
    card.mount(mountRef.current);
    card.on('change', (event) => {
      setCardTyped(!event.empty);
      // A refusal is about the card as it was sent: a change to it takes the refusal away.
      setError(null);
    });
    cardRef.current = card;
    return () => {
      card.destroy();
      cardRef.current = null;
    };
  }, [stripe]);

  if (loadError) return <ErrorState message="Checkout is not available right now." detail={loadError} onRetry={retry} />;
  if (!stripe) return <Loader label="Loading the card provider" />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!cardRef.current) return;
    setSubmitting(true);
    setError(null);
    try {
      const result = await stripe.createToken(cardRef.current, { name: name.trim() || undefined });
      if (result.error) {
        setError(result.error.message ?? 'something went wrong');
        return;
      }
      await onToken(result.token?.id ?? '');
    } catch (e) {
      console.error(e);
      setError(messageOf(e));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form noValidate onSubmit={submit}>
      <div className="auth-field">
        <label htmlFor={nameId}>Card Name</label>
        <input
          id={nameId}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
          autoComplete="cc-name"
        />
      </div>
      <div className="auth-stripe-card" ref={mountRef} data-testid="stripe-card-element" />
      <CardFormEnd error={error} submitting={submitting} submitLabel={submitLabel} footer={footer} />
    </form>
  );
}
