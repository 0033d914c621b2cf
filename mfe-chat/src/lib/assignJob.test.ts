import type { Job } from 'shared';
import { serviceIdForAssign } from './assignJob';

const job = (id: number, provider_id: number, service_id: number, created_at: string) =>
  ({ id, provider_id, service_id, created_at }) as Job;

describe('serviceIdForAssign', () => {
  it('books the service of the newest job with this provider', () => {
    const jobs = [
      job(1, 5, 8, '2025-06-01T10:00:00Z'),
      job(2, 5, 9, '2025-06-10T10:00:00Z'),
      job(3, 6, 7, '2025-06-20T10:00:00Z'),
    ];
    expect(serviceIdForAssign(jobs, [7, 8, 9], 5)).toBe(9);
  });
  it('skips the service of a job the provider no longer offers', () => {
    const jobs = [job(1, 5, 8, '2025-06-01T10:00:00Z'), job(2, 5, 9, '2025-06-10T10:00:00Z')];
    expect(serviceIdForAssign(jobs, [7, 8], 5)).toBe(8);
  });
  it('else the first service the provider offers', () => {
    expect(serviceIdForAssign([job(3, 6, 7, '2025-06-20T10:00:00Z')], [8, 9], 5)).toBe(8);
  });
  it('else nothing', () => {
    expect(serviceIdForAssign([job(1, 5, 8, '2025-06-01T10:00:00Z')], [], 5)).toBeNull();
  });
});
