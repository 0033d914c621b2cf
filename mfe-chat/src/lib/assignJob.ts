import type { Job, Service } from 'shared';

/**
 * The service Assign Job books: the one of the newest job between the customer and this provider,
 * else the first service of the catalogue; null when there is neither.
 */
export function serviceIdForAssign(jobs: readonly Job[], services: readonly Service[], providerId: number): number | null {
  const withProvider = jobs
    .filter((j) => j.provider_id === providerId)
    .sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? '') || b.id - a.id);
  if (withProvider.length > 0) return withProvider[0].service_id;
  return services[0]?.id ?? null;
}
