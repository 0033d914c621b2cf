import * as Yup from 'yup';
import { nameRule } from './rules';

/** MM/YY or MM/YYYY. */
const EXPIRY = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/;

/** The messages of spec section 5 for the new payment form, word for word (the sandbox schema and the Stripe form show them). */
export const paymentCardMessages = {
  cardNumber: 'Must be 16 Digit',
  expiryRequired: 'Expiry date is required',
  cvvRequired: 'cvv date is required',
} as const;

/** The new payment form of spec section 5 (field names as in the original: cardName, cardNumber, expireyDate, cvv). */
export const paymentCardSchema = Yup.object({
  // Characters as the card provider counts them (an emoji is one): the same rule, and messages, as a person's name.
  cardName: nameRule(),
  cardNumber: Yup.string()
    .transform((value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, '') : value))
    .required(paymentCardMessages.cardNumber)
    .matches(/^\d{16}$/, paymentCardMessages.cardNumber),
  expireyDate: Yup.string().trim().required(paymentCardMessages.expiryRequired).matches(EXPIRY, 'Expiry date must be MM/YY'),
  cvv: Yup.string().trim().required(paymentCardMessages.cvvRequired),
});

export interface PaymentCardValues {
  cardName: string;
  cardNumber: string;
  expireyDate: string;
  cvv: string;
}

/** Maps the form to the card provider's token request; the number goes to the card provider only. */
export function toCardTokenRequest(values: PaymentCardValues) {
  const [, month, year] = EXPIRY.exec(values.expireyDate.trim()) ?? [];
  return {
    card_name: values.cardName.trim(),
    card_number: values.cardNumber.replace(/\s+/g, ''),
    exp_month: Number(month),
    exp_year: year && year.length === 2 ? 2000 + Number(year) : Number(year),
    cvc: values.cvv.trim(),
  };
}
