import type { Job, Service, UserService } from 'shared';

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

export function makeJob(overrides: Partial<Job> = {}): Job {
  const id = overrides.id ?? 1;
  return {
    id,
    status: 'Pending',
    service_id: 1,
    service_name: 'Driver',
    provider_id: PROVIDER_ID,
    customer_id: CUSTOMER_ID,
    customer: { id: CUSTOMER_ID, full_name: 'Asha Verma', first_name: 'Asha', avatar: null },
    provider: { id: PROVIDER_ID, full_name: 'Ravi Kumar', avatar: null },
    address: '12 MG Road',
    destination_address: 'Airport Terminal 1',
    destination_lat: null,
    destination_lng: null,
    lat: null,
    lng: null,
    price: 25,
    duration: null,
    day: null,
    date: null,
    time: null,
    custom_time: null,
    created_at: `2025-03-0${Math.min(id, 9)}T14:07:00.000Z`,
    updated_at: '2025-03-05T14:07:00.000Z',
    rating: null,
    ...overrides,
  };
}
