import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { CommandRecord, RobotLive } from '@patrol/contracts';
import { get } from '../api';
import { useRealtimeClient, useSocketStatus, useSocketSubscription } from '../realtime';
import { getTenantId } from '../session';

export const LIVE_PATH = 'robot-server/monitor/live';
export const fleetKey = ['fleet', 'live'] as const;

/** Applies pushed robots to the fleet; robots not in `updates` keep their state. */
export function mergeFleet(current: ReadonlyMap<number, RobotLive>, updates: RobotLive[]): Map<number, RobotLive> {
  const next = new Map(current);
  for (const robot of updates) next.set(robot.robotId, robot);
  return next;
}

/**
 * The robots the user may see with their live state: loaded once, then kept current by the
 * console socket's `robots` topic (coalesced pushes from the server). Robots are sorted by name.
 */
export function useFleet() {
  const client = useRealtimeClient();
  const status = useSocketStatus();
  const initial = useQuery({
    queryKey: fleetKey,
    queryFn: ({ signal }) => get<RobotLive[]>(LIVE_PATH, { signal }),
    refetchOnWindowFocus: false,
  });
  // What the socket said since: robots (null when gone), and whether it sent a whole fleet.
  const [pushed, setPushed] = useState<{ whole: boolean; robots: Map<number, RobotLive | null> }>(() => ({
    whole: false,
    robots: new Map(),
  }));

  useEffect(() => client?.watch('robots', getTenantId()), [client]);
  useSocketSubscription('robots', (message) =>
    setPushed((current) => {
      const robots = new Map(message.full ? [] : current.robots);
      for (const robot of message.data) robots.set(robot.robotId, robot);
      return { whole: current.whole || !!message.full, robots };
    }),
  );
  useSocketSubscription('robotsGone', (message) =>
    setPushed((current) => {
      const robots = new Map(current.robots);
      for (const id of message.data) robots.set(id, null);
      return { ...current, robots };
    }),
  );

  const fleet = useMemo(() => {
    const base = pushed.whole ? new Map<number, RobotLive>() : mergeFleet(new Map(), initial.data ?? []);
    for (const [id, robot] of pushed.robots) {
      if (robot) base.set(id, robot);
      else base.delete(id);
    }
    return base;
  }, [initial.data, pushed]);
  const robots = [...fleet.values()].sort((a, b) => a.name.localeCompare(b.name));
  return { robots, fleet, loading: initial.isLoading, error: initial.error, live: status === 'open' };
}

/** Calls `handler` with every command progress pushed for the tenant (needs a `useFleet` on the page). */
export function useCommandProgress(handler: (record: CommandRecord) => void) {
  useSocketSubscription('command', (message) => handler(message.data));
}
