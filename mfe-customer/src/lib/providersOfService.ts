import { ApiError, fetchProviders, type ProviderServiceData } from 'shared';

/**
 * The drivers of a service (GET /api/providers/{serviceId}, silent: the screen reports failures), or null
 * when no service has that id (a link with a wrong or stale id: 404, which no retry can change).
 */
export async function providersOfService(serviceId: number): Promise<ProviderServiceData[] | null> {
  try {
    return (await fetchProviders(serviceId, { silent: true })).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
