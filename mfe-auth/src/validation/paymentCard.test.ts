import { paymentCardSchema, toCardTokenRequest } from './paymentCard';
import { errorsOf } from './testUtil';

const valid = { cardName: 'Ada L', cardNumber: '4242 4242 4242 4242', expireyDate: '12/30', cvv: '123' };

describe('new payment form schema (spec section 5)', () => {
  it('accepts a valid card', async () => {
    expect(await errorsOf(paymentCardSchema, valid)).toEqual({});
  });

  it('shows the spec message for every empty field', async () => {
    expect(await errorsOf(paymentCardSchema, { cardName: '', cardNumber: '', expireyDate: '', cvv: '' })).toEqual({
      cardName: 'Required',
      cardNumber: 'Must be 16 Digit',
      expireyDate: 'Expiry date is required',
      cvv: 'cvv date is required',
    });
  });

  it('limits the card name to 15 characters and the number to 16 digits', async () => {
    expect(await errorsOf(paymentCardSchema, { ...valid, cardName: 'N'.repeat(16), cardNumber: '42424242424242421' })).toEqual({
      cardName: 'Must be 15 characters or less',
      cardNumber: 'Must be 16 Digit',
    });
    expect(await errorsOf(paymentCardSchema, { ...valid, cardNumber: '4242abcd42424242' })).toEqual({
      cardNumber: 'Must be 16 Digit',
    });
  });

  it('counts the card name as the card provider does: an emoji is one character', async () => {
    expect(await errorsOf(paymentCardSchema, { ...valid, cardName: '😀'.repeat(15) })).toEqual({});
    expect(await errorsOf(paymentCardSchema, { ...valid, cardName: '😀'.repeat(16) })).toEqual({
      cardName: 'Must be 15 characters or less',
    });
  });

  it('wants the expiry as MM/YY', async () => {
    expect(await errorsOf(paymentCardSchema, { ...valid, expireyDate: '13/30' })).toEqual({
      expireyDate: 'Expiry date must be MM/YY',
    });
  });

  it('maps the form to the card provider token request', () => {
    expect(toCardTokenRequest(valid)).toEqual({
      card_name: 'Ada L',
      card_number: '4242424242424242',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
    });
    expect(toCardTokenRequest({ ...valid, expireyDate: '01/2031' })).toMatchObject({ exp_month: 1, exp_year: 2031 });
  });
});
