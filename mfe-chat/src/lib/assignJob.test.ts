import type { Job, Service } from 'shared';
import { serviceIdForAssign } from './assignJob';

const job = (id: number, provider_id: number, service_id: number, created_at: string) =>
  ({ id, provider_id, service_id, created_at }) as Job;
const services: Service[] = [
  { id: 7, name: 'Driver', description: '', icon: '' },
  { id: 8, name: 'Delivery', description: '', icon: '' },
];

describe('serviceIdForAssign', () => {
  it('books the service of the newest job with this provider', () => {
    const jobs = [
      job(1, 5, 8, '2025-06-01T10:00:00Z'),
      job(2, 5, 9, '2025-06-10T10:00:00Z'),
      job(3, 6, 7, '2025-06-20T10:00:00Z'),
    ];
    expect(serviceIdForAssign(jobs, services, 5)).toBe(9);
  });
  it('else the first service', () => {
    expect(serviceIdForAssign([job(3, 6, 8, '2025-06-20T10:00:00Z')], services, 5)).toBe(7);
  });
  it('else nothing', () => {
    expect(serviceIdForAssign([], [], 5)).toBeNull();
  });
});
