import { useState } from 'react';
import { Form, Formik, useFormikContext } from 'formik';
import { createSandboxCardToken, LeaveGuard } from 'shared';
import { useFocusAfterSubmit } from '../components/SubmitButton';
import { TextField } from '../components/TextField';
import { paymentCardSchema, toCardTokenRequest, type PaymentCardValues } from '../validation/paymentCard';
import { messageOf } from '../apiMessage';
import { CardFormEnd, type CardFormProps } from './cardFormParts';

const initialValues: PaymentCardValues = { cardName: '', cardNumber: '', expireyDate: '', cvv: '' };

/**
 * The card form of the sandbox card provider (the embedded default). The card goes to the card
 * provider's token endpoint only; the caller gets the token (never the number). The provider's refusal
 * (e.g. 'Your card number is incorrect.') is shown until the user changes any field.
 */
export function CardForm({ submitLabel, onToken, footer, onBusy }: CardFormProps) {
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: PaymentCardValues) => {
    setError(null);
    onBusy?.(true);
    try {
      let token: string;
      try {
        const answer = await createSandboxCardToken(toCardTokenRequest(values));
        token = answer?.id ?? '';
      } catch (e) {
        console.error(e);
        setError(messageOf(e));
        return;
      }
      const refused = await onToken(token);
      if (typeof refused === 'string') setError(refused);
    } finally {
      onBusy?.(false);
    }
  };

  return (
    <Formik initialValues={initialValues} validationSchema={paymentCardSchema} onSubmit={submit}>
      <CardFields error={error} onChange={() => setError(null)} submitLabel={submitLabel} footer={footer} />
    </Formik>
  );
}

/** The form inside its Formik: after a submit the focus goes to the first field to mend (useFocusAfterSubmit). */
function CardFields({
  error,
  onChange,
  submitLabel,
  footer,
}: Pick<CardFormProps, 'submitLabel' | 'footer'> & { error: string | null; onChange: () => void }) {
  const { dirty, isSubmitting } = useFormikContext<PaymentCardValues>();
  const submitButton = useFocusAfterSubmit(isSubmitting);
  return (
    // A refusal is about the card as it was sent: any change to the form takes it away.
    <Form noValidate onChange={onChange}>
      <LeaveGuard when={dirty && !isSubmitting} />
      <TextField name="cardName" label="Card Name" autoComplete="cc-name" />
      {/* No maxLength: a pasted number with a digit too many would be cut to a valid-looking 16 and sent unnoticed;
          whole, it shows 'Must be 16 Digit' (spec section 5). */}
      <TextField name="cardNumber" label="Card Number" inputMode="numeric" autoComplete="cc-number" />
      <TextField name="expireyDate" label="Expiry Date" placeholder="MM/YY" autoComplete="cc-exp" />
      <TextField name="cvv" label="CVV" inputMode="numeric" autoComplete="cc-csc" maxLength={4} />
      <CardFormEnd error={error} submitting={isSubmitting} submitLabel={submitLabel} footer={footer} buttonRef={submitButton} />
    </Form>
  );
}
