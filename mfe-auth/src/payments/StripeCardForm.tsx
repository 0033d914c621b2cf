import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
import type { Stripe, StripeCardNumberElement } from '@stripe/stripe-js';
import { Form, Formik, getIn, useFormikContext, type FormikErrors } from 'formik';
import { ErrorState, getRuntimeConfig, LeaveGuard, Loader } from 'shared';
import { loadStripeWithTimeout } from './loadStripe';
import { messageOf } from '../apiMessage';
import { useFocusAfterSubmit } from '../components/SubmitButton';
import { TextField } from '../components/TextField';
import { paymentCardMessages, paymentCardSchema } from '../validation/paymentCard';
import { CardFormEnd, type CardFormProps } from './cardFormParts';
import '../auth.css';
import '../account.css';

/** What a Stripe card Element last reported in its change event (Stripe's own message, or ''). */
interface ElementState {
  empty: boolean;
  complete: boolean;
  error: string;
}

/** The fields in Stripe's Elements, named as in the sandbox form (spec section 5). */
type ElementField = 'cardNumber' | 'expireyDate' | 'cvv';

interface StripeCardValues {
  cardName: string;
  cardNumber: ElementState;
  expireyDate: ElementState;
  cvv: ElementState;
}

const untouchedElement: ElementState = { empty: true, complete: false, error: '' };
// One object each: Formik's submit marks nested values touched once per object, and skips an object seen before.
const initialValues: StripeCardValues = {
  cardName: '',
  cardNumber: { ...untouchedElement },
  expireyDate: { ...untouchedElement },
  cvv: { ...untouchedElement },
};

/** The card name has the sandbox form's rule; the card itself is checked by Stripe's Elements. */
const cardNameSchema = paymentCardSchema.pick(['cardName']);

/** The spec's message for an empty Element (section 5), as the sandbox form shows it. */
const emptyMessages: Record<ElementField, string> = {
  cardNumber: paymentCardMessages.cardNumber,
  expireyDate: paymentCardMessages.expiryRequired,
  cvv: paymentCardMessages.cvvRequired,
};

/** An Element with Stripe's own error (e.g. an invalid number) shows it; an empty one shows the spec's message. */
function validateElements(values: StripeCardValues): FormikErrors<StripeCardValues> {
  const errors: Partial<Record<ElementField, string>> = {};
  for (const field of Object.keys(emptyMessages) as ElementField[]) {
    const state = values[field];
    if (state.error) errors[field] = state.error;
    else if (state.empty) errors[field] = emptyMessages[field];
  }
  return errors as FormikErrors<StripeCardValues>;
}

/** What this form uses of Stripe's card number, expiry and CVC Elements. */
interface SplitElement {
  mount(domElement: HTMLElement): void;
  focus(): void;
  destroy(): void;
}

/** The change event of a split card Element, as far as this form reads it. */
interface ElementChange {
  empty: boolean;
  complete: boolean;
  error?: { message?: string };
}

/**
 * Stripe Elements checkout, used only when a publishable key is configured (docs/architecture.md, 'The back
 * end': the sandbox card provider otherwise). The card number, expiry and CVC are entered in Stripe's own
 * fields and tokenised by Stripe; the form shows the spec's messages (section 5) like the sandbox form.
 * Stripe's refusal is shown until the user changes the card name or the card.
 */
export default function StripeCardForm({ submitLabel, onToken, footer, onBusy }: CardFormProps) {
  const key = getRuntimeConfig().stripePublishableKey;
  const numberElementRef = useRef<StripeCardNumberElement | null>(null);
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const clearRefusal = useCallback(() => setError(null), []);

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

  if (loadError) return <ErrorState message="Checkout is not available right now." detail={loadError} onRetry={retry} />;
  if (!stripe) return <Loader label="Loading the card provider" />;

  const submit = async (values: StripeCardValues) => {
    const numberElement = numberElementRef.current;
    if (!numberElement) return;
    setError(null);
    onBusy?.(true);
    try {
      // Stripe reads the expiry and CVC from the Elements of the same group as the number.
      const result = await stripe.createToken(numberElement, { name: values.cardName.trim() });
      if (result.error) {
        setError(result.error.message ?? 'something went wrong');
        return;
      }
      const refused = await onToken(result.token?.id ?? '');
      if (typeof refused === 'string') setError(refused);
    } catch (e) {
      console.error(e);
      setError(messageOf(e));
    } finally {
      onBusy?.(false);
    }
  };

  return (
    <Formik initialValues={initialValues} validationSchema={cardNameSchema} validate={validateElements} onSubmit={submit}>
      <StripeCardFields
        stripe={stripe}
        numberElementRef={numberElementRef}
        error={error}
        onChange={clearRefusal}
        submitLabel={submitLabel}
        footer={footer}
      />
    </Formik>
  );
}

/** The form inside its Formik: Stripe's Elements are mounted here and report into the form's values. */
function StripeCardFields({
  stripe,
  numberElementRef,
  error,
  onChange,
  submitLabel,
  footer,
}: Pick<CardFormProps, 'submitLabel' | 'footer'> & {
  stripe: Stripe;
  numberElementRef: RefObject<StripeCardNumberElement | null>;
  error: string | null;
  onChange: () => void;
}) {
  const { dirty, isSubmitting, setFieldValue, setFieldTouched } = useFormikContext<StripeCardValues>();
  const submitButton = useFocusAfterSubmit(isSubmitting);
  const numberBoxRef = useRef<HTMLDivElement>(null);
  const expiryBoxRef = useRef<HTMLDivElement>(null);
  const cvvBoxRef = useRef<HTMLDivElement>(null);
  const elementsRef = useRef<Partial<Record<ElementField, SplitElement>>>({});

  useEffect(() => {
    const numberBox = numberBoxRef.current;
    const expiryBox = expiryBoxRef.current;
    const cvvBox = cvvBoxRef.current;
    if (!numberBox || !expiryBox || !cvvBox) return undefined;
    const changed = (field: ElementField) => (event: ElementChange) => {
      // Normalised, so that a cleared Element equals the initial value (the form is then no longer dirty).
      const state: ElementState = { empty: event.empty, complete: event.complete === true, error: event.error?.message ?? '' };
      void setFieldValue(field, state);
      // A refusal is about the card as it was sent: a change to it takes the refusal away.
      onChange();
    };
    const left = (field: ElementField) => () => void setFieldTouched(field, true);

    const group = stripe.elements();
    const number = group.create('cardNumber');
    number.on('change', changed('cardNumber'));
    number.on('blur', left('cardNumber'));
    const expiry = group.create('cardExpiry');
    expiry.on('change', changed('expireyDate'));
    expiry.on('blur', left('expireyDate'));
    const cvc = group.create('cardCvc');
    cvc.on('change', changed('cvv'));
    cvc.on('blur', left('cvv'));

    number.mount(numberBox);
    expiry.mount(expiryBox);
    cvc.mount(cvvBox);
    numberElementRef.current = number;
    elementsRef.current = { cardNumber: number, expireyDate: expiry, cvv: cvc };
    return () => {
      number.destroy();
      expiry.destroy();
      cvc.destroy();
      numberElementRef.current = null;
      elementsRef.current = {};
    };
  }, [stripe, numberElementRef, setFieldValue, setFieldTouched, onChange]);

  const focusElement = (field: ElementField) => elementsRef.current[field]?.focus();

  return (
    // A refusal is about the card as it was sent: any change to the form takes it away.
    <Form noValidate onChange={onChange}>
      <LeaveGuard when={dirty && !isSubmitting} />
      <TextField name="cardName" label="Card Name" autoComplete="cc-name" />
      <ElementFrame
        field="cardNumber"
        label="Card Number"
        boxRef={numberBoxRef}
        focus={focusElement}
        testId="stripe-card-element"
      />
      <ElementFrame field="expireyDate" label="Expiry Date" boxRef={expiryBoxRef} focus={focusElement} />
      <ElementFrame field="cvv" label="CVV" boxRef={cvvBoxRef} focus={focusElement} />
      <CardFormEnd error={error} submitting={isSubmitting} submitLabel={submitLabel} footer={footer} buttonRef={submitButton} />
    </Form>
  );
}

/**
 * The label, Stripe's Element and its message, with the markup of TextField. A label cannot point into
 * Stripe's iframe, so the box is a group named by the label and described by the message; clicking the
 * label, or focusing the box (as the focus after a failed submit does), puts the focus in the Element.
 */
function ElementFrame({
  field,
  label,
  boxRef,
  focus,
  testId,
}: {
  field: ElementField;
  label: string;
  boxRef: RefObject<HTMLDivElement | null>;
  focus: (field: ElementField) => void;
  testId?: string;
}) {
  const { values, errors, touched } = useFormikContext<StripeCardValues>();
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const message = getIn(errors, field) as string | undefined;
  // The spec's message once the field is left or the form submitted; Stripe's own as soon as Stripe reports it.
  const error = message && (getIn(touched, field) || values[field].error) ? message : null;
  return (
    <div className="auth-field">
      {/* Like a label bound with htmlFor: a click on it focuses its field (keyboard users reach the field by Tab). */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
      <label id={labelId} onClick={() => focus(field)}>
        {label}
      </label>
      {/* ARIA 1.2 keeps aria-invalid on a group only as a deprecated global, but it is how the form marks the field
          to mend: useFocusAfterSubmit focuses the first [aria-invalid="true"] (which forwards to the Element). */}
      {/* eslint-disable-next-line jsx-a11y/role-supports-aria-props */}
      <div
        id={id}
        ref={boxRef}
        role="group"
        tabIndex={-1}
        className="auth-stripe-card"
        aria-labelledby={labelId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onFocus={(event) => {
          if (event.target === event.currentTarget) focus(field);
        }}
        data-testid={testId}
      />
      {error ? (
        <p id={errorId} className="auth-field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
