import type { ServerInstance } from '@patrol/contracts';
import { get } from '@/shared/api';

export const serversKey = ['servers'] as const;

/** GET the server instances and the health of their parts. */
export function fetchServers(signal?: AbortSignal): Promise<ServerInstance[]> {
  return get<ServerInstance[]>('system-server/server/list', { signal });
}
