import type { PaymentMethod, ProviderServiceData, Review, Service } from 'shared';

/** The signed-in customer of the tests is user 10; the provider user 20 (see renderScreen). */
export const CUSTOMER_ID = 10;
export const PROVIDER_ID = 20;

export const services: Service[] = [
  { id: 1, name: 'Driver', description: 'A certified driver takes the wheel of your car.', icon: '/static/icons/driver.svg' },
  { id: 2, name: 'Delivery', description: 'Same-day pick-up and drop of parcels.', icon: '/static/icons/delivery.svg' },
];

export function makeProvider(overrides: Partial<ProviderServiceData> = {}): ProviderServiceData {
  return {
    id: PROVIDER_ID,
    avatar: null,
    full_name: 'Ravi Kumar',
    rating: null,
    bio: 'Calm, punctual driver with a clean record.',
    year_of_exp: 6,
    basic_price: 25,
    total_provider_jobs: 12,
    completed_jobs: 9,
    ...overrides,
  };
}

export const ravi = makeProvider();
export const meera = makeProvider({
  id: 21,
  full_name: 'Meera Nair',
  rating: 4.333,
  bio: null,
  year_of_exp: 9,
  basic_price: 32,
  total_provider_jobs: 3,
  completed_jobs: 2,
});

export function makeReview(overrides: Partial<Review> = {}): Review {
  return {
    id: 1,
    job_id: 1,
    provider_id: PROVIDER_ID,
    rating: 5,
    feedback: 'Arrived early and drove carefully.',
    customer: { full_name: 'Asha Verma', avatar: null },
    created_at: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export const visa: PaymentMethod = { id: 11, card_brand: 'Visa', card_last4: '4242' };
export const master: PaymentMethod = { id: 12, card_brand: 'Mastercard', card_last4: '4444' };

/** Jobs between CUSTOMER_ID and PROVIDER_ID (shared/src/testing). */
export { byProvider, makeJob } from 'shared/src/testing';
