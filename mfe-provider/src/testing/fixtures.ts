import type { Service, UserService } from 'shared';

/** The signed-in provider of the tests is user 20; customers are 10 and up (see renderScreen). */
export const PROVIDER_ID = 20;
export const CUSTOMER_ID = 10;

export const services: Service[] = [
  { id: 1, name: 'Driver', description: 'A certified driver takes the wheel of your car.', icon: '/static/icons/driver.svg' },
  { id: 2, name: 'Delivery', description: 'Same-day pick-up and drop of parcels.', icon: '/static/icons/delivery.svg' },
  { id: 3, name: 'Shipping', description: 'Larger loads moved across town.', icon: '/static/icons/shipping.svg' },
];

/** The provider's offer of a service (GET/POST/DELETE /api/user-services answer a list of these). */
export const offer = (id: number, service: Service): UserService => ({ id, service_id: service.id, service });

/** Jobs between CUSTOMER_ID and PROVIDER_ID (shared/src/testing). */
export { byProvider, makeJob } from 'shared/src/testing';
