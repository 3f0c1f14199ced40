import { resourcesApi, type Resource } from '@patrol/contracts';
import { call } from '@/shared/api';

export const resourcesKey = ['resources'] as const;

/** GET every registered route (resource) with its access and description. */
export function fetchResources(signal?: AbortSignal): Promise<Resource[]> {
  return call(resourcesApi.listResources, {}, { signal });
}
