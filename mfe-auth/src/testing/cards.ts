import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { PaymentMethod } from 'shared';

export const visa: PaymentMethod = { id: 11, card_brand: 'Visa', card_last4: '4242' };
export const master: PaymentMethod = { id: 12, card_brand: 'Mastercard', card_last4: '4444' };

/** Where the card fields are looked up: the whole screen, or `within(dialog)`. */
type FieldScope = Pick<typeof screen, 'getByLabelText'>;

/** Types a valid card (name Carla, expiry 12/30, CVV 123) with the given number into the card form. */
export async function fillCard(user: UserEvent, number = '4242424242424242', scope: FieldScope = screen) {
  await user.type(scope.getByLabelText('Card Name'), 'Carla');
  await user.type(scope.getByLabelText('Card Number'), number);
  await user.type(scope.getByLabelText('Expiry Date'), '12/30');
  await user.type(scope.getByLabelText('CVV'), '123');
}
