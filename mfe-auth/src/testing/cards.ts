import type { PaymentMethod } from 'shared';

export const visa: PaymentMethod = { id: 11, card_brand: 'Visa', card_last4: '4242' };
export const master: PaymentMethod = { id: 12, card_brand: 'Mastercard', card_last4: '4444' };
