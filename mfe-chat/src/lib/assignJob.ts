import type { Job } from 'shared';

/**
 * The service Assign Job books: the one of the newest job between the customer and this provider
 * when the provider still offers it, else the first service they offer (in catalogue order); null when
 * they offer none. `offered` lists the ids of the services the provider offers.
 */
export function serviceIdForAssign(jobs: readonly Job[], offered: readonly number[], providerId: number): number | null {
  const newest = jobs
    .filter((j) => j.provider_id === providerId && offered.includes(j.service_id))
    .sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? '') || b.id - a.id)[0];
  return newest?.service_id ?? offered[0] ?? null;
}
