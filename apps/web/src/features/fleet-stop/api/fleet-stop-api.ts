import { useQuery } from '@tanstack/react-query';
import { fleetStopApi, type FleetStopStatus } from '@patrol/contracts';
import { call } from '@/shared/api';
import { useActingTenant } from '@/shared/fleet';

/** The fleet stop of one acting tenant: the GET fills it, the socket's `fleetStop` pushes keep it current. */
export const fleetStopKey = (tenantId: number) => ['fleet-stop', tenantId] as const;

/**
 * Whether a stop is in force and whether the user may stop and resume. Silent: a user not granted
 * the route simply has no control, and nothing is reported.
 */
export function fetchFleetStop(signal: AbortSignal): Promise<FleetStopStatus> {
  return call(fleetStopApi.getFleetStop, {}, { signal, silent: true });
}

export function stopFleet(): Promise<FleetStopStatus> {
  return call(fleetStopApi.stopFleet, { body: { confirm: true } });
}

export function resumeFleet(): Promise<FleetStopStatus> {
  return call(fleetStopApi.resumeFleet, { body: { confirm: true } });
}

/**
 * A pushed status in the cache: the push says what the tenant's stop is, not what this user may do
 * (it is the same message for every console), so the user's own `mayControl` from the GET stays.
 */
export function mergePushed(current: FleetStopStatus | undefined, pushed: FleetStopStatus) {
  return current ? { ...pushed, mayControl: current.mayControl } : undefined;
}

export function useFleetStopStatus() {
  const tenantId = useActingTenant();
  return useQuery({
    queryKey: fleetStopKey(tenantId),
    queryFn: ({ signal }) => fetchFleetStop(signal),
    // Pushes keep it current; a reconnection refetches it.
    staleTime: Infinity,
    retry: false,
  });
}
