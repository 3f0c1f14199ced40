import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { monitoringApi, type CommandRecord, type RobotLive } from '@patrol/contracts';
import { call } from '../api';
import { useRealtimeClient, useSocketStatus, useSocketSubscription } from '../realtime';
import { getTenantId, onTenantChange } from '../session';

/** Every tenant's live fleet (what a reconnection refetches). */
export const fleetRoot = ['fleet', 'live'] as const;
/** The live fleet of one acting tenant, sorted by name: REST fills it, socket pushes keep it current. */
export const fleetKey = (tenantId: number) => [...fleetRoot, tenantId] as const;
/** Whether the server refused the acting tenant's live subscription. */
export const fleetRefusedKey = (tenantId: number) => ['fleet', 'refused', tenantId] as const;

const byName = (a: RobotLive, b: RobotLive) => a.name.localeCompare(b.name) || a.robotId - b.robotId;

/** Applies pushed robots to the fleet; robots not in `updates` keep their state (and their object). */
export function mergeFleet(current: ReadonlyMap<number, RobotLive>, updates: RobotLive[]): Map<number, RobotLive> {
  const next = new Map(current);
  for (const robot of updates) next.set(robot.robotId, robot);
  return next;
}

/**
 * The fleet after a `robots` push: a full snapshot replaces it, a delta replaces the robots it
 * names. Without a fleet loaded yet a delta is ignored: the load (or the snapshot) brings it whole.
 */
export function applyRobots(current: RobotLive[] | undefined, pushed: RobotLive[], full: boolean) {
  if (full) return [...pushed].sort(byName);
  if (!current) return current;
  return [...mergeFleet(new Map(current.map((r) => [r.robotId, r])), pushed).values()].sort(byName);
}

/** The fleet after a `robotsGone` push. */
export function removeRobots(current: RobotLive[] | undefined, gone: number[]) {
  if (!current) return current;
  const ids = new Set(gone);
  return current.filter((r) => !ids.has(r.robotId));
}

/** The tenant the console acts in, re-read when a platform administrator switches it. */
export function useActingTenant(): number {
  return useSyncExternalStore(onTenantChange, getTenantId);
}

const fetchFleet = async (signal: AbortSignal) =>
  [...(await call(monitoringApi.liveRobots, {}, { signal }))].sort(byName);

/**
 * The acting tenant's live fleet from the query cache, through `select`: a page re-renders only
 * when what it selects changes (results are structurally shared, so pass a stable selector).
 * While mounted it watches the `robots` topic; `FleetSync` writes the pushes into the cache.
 */
export function useFleetSelect<T>(select: (robots: RobotLive[]) => T) {
  const client = useRealtimeClient();
  const tenantId = useActingTenant();
  useEffect(() => client?.watch('robots', tenantId), [client, tenantId]);
  return useQuery({
    queryKey: fleetKey(tenantId),
    queryFn: ({ signal }) => fetchFleet(signal),
    // Pushes keep it current; a reconnection refetches it.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    select,
  });
}

/** True when the server refused the acting tenant's live robots (no grant, or not the user's tenant). */
export function useFleetRefused(): boolean {
  const tenantId = useActingTenant();
  return (
    useQuery({
      queryKey: fleetRefusedKey(tenantId),
      queryFn: () => false,
      initialData: false,
      staleTime: Infinity,
    }).data ?? false
  );
}

const everyRobot = (robots: RobotLive[]) => robots;
const robotOptions = (robots: RobotLive[]) =>
  robots.map((r) => ({ robotId: r.robotId, name: r.name, serialNumber: r.serialNumber }));

/** Id, name and serial number of each robot: changes only when a robot comes, goes or is renamed. */
export function useRobotOptions() {
  return useFleetSelect(robotOptions);
}

/**
 * The robots the user may see with their live state, sorted by name, and a map by id; kept
 * current by the console socket's `robots` topic (coalesced pushes from the server).
 */
export function useFleet() {
  const status = useSocketStatus();
  const query = useFleetSelect(everyRobot);
  const refused = useFleetRefused();
  const robots = useMemo(() => query.data ?? [], [query.data]);
  const fleet = useMemo(() => new Map(robots.map((r) => [r.robotId, r])), [robots]);
  return { robots, fleet, loading: query.isLoading, error: query.error, live: status === 'open', refused };
}

/** Calls `handler` with every command progress pushed for the tenant (needs a `useFleet` on the page). */
export function useCommandProgress(handler: (record: CommandRecord) => void) {
  useSocketSubscription('command', (message) => handler(message.data));
}
