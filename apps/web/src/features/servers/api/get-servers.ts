import { serversApi, type ServerInstance } from '@patrol/contracts';
import { call } from '@/shared/api';

export const serversKey = ['servers'] as const;

/** GET the server instances and the health of their parts. */
export function fetchServers(signal?: AbortSignal): Promise<ServerInstance[]> {
  return call(serversApi.listServers, {}, { signal });
}
