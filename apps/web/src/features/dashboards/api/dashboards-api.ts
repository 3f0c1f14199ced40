import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  dashboardsApi,
  type DashboardAbnormalQuery,
  type DashboardOverview,
  type DashboardTrendsQuery,
  type RobotLive,
} from '@patrol/contracts';
import { call } from '@/shared/api';
import { useActingTenant, useFleetSelect } from '@/shared/fleet';
import { useRealtimeClient, useSocketStatus, useSocketSubscription } from '@/shared/realtime';

/** The dashboards' figures in the query cache. */
export const dashboardsKey = ['dashboards'] as const;
export const overviewKey = (tenantId: number) => [...dashboardsKey, 'overview', tenantId] as const;
export const trendsKey = (tenantId: number, query: DashboardTrendsQuery) =>
  [...dashboardsKey, 'trends', tenantId, query] as const;
export const abnormalKey = (tenantId: number, query: DashboardAbnormalQuery) =>
  [...dashboardsKey, 'abnormal', tenantId, query] as const;

/**
 * The overview is refetched when a push says it changed (an alarm, a robot starting or ending a
 * run, a work order stopping or freeing a robot); runs planned for later and work orders edited
 * elsewhere have no push, so it is also refetched once a minute (docs/decisions.md, "Dashboards").
 */
export const OVERVIEW_FALLBACK_MS = 60_000;

/** The robots' figures of the overview, counted from the live fleet the console socket keeps current. */
export type LiveRobotCounts = Omit<DashboardOverview['robots'], 'onTask'> & {
  /** Modes and repair flags, to tell when a run or a work order changed something. */
  signature: string;
};

export function countRobots(robots: RobotLive[]): LiveRobotCounts {
  let online = 0;
  let charging = 0;
  let stoppedForRepair = 0;
  const signature: string[] = [];
  for (const robot of robots) {
    if (robot.online) online += 1;
    if (robot.online && robot.state?.charging) charging += 1;
    if (robot.stoppedForRepair) stoppedForRepair += 1;
    signature.push(
      `${robot.robotId}:${robot.online ? (robot.state?.mode ?? '') : 'off'}:${robot.stoppedForRepair ? 1 : 0}`,
    );
  }
  return {
    total: robots.length,
    online,
    offline: robots.length - online,
    charging,
    stoppedForRepair,
    signature: signature.join(','),
  };
}

/**
 * The tenant's fleet now: the server's figures, with the robots' counts from the live fleet in the
 * query cache (so they follow each push at once), refetched when an alarm or a robot's mode or
 * repair flag changes.
 */
export function useDashboardOverview() {
  const queryClient = useQueryClient();
  const client = useRealtimeClient();
  const status = useSocketStatus();
  const tenantId = useActingTenant();
  const key = overviewKey(tenantId);
  const fleet = useFleetSelect(countRobots);
  const overview = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call(dashboardsApi.dashboardOverview, {}, { signal }),
    staleTime: 30_000,
    refetchInterval: OVERVIEW_FALLBACK_MS,
  });

  // Alarm pushes come to those who watch alarms.
  useEffect(() => client?.watch('alarms', tenantId), [client, tenantId]);
  const refetch = useRef<ReturnType<typeof setTimeout> | null>(null);
  const invalidate = () => {
    // Pushes come in bursts: one refetch for a burst.
    if (refetch.current) return;
    refetch.current = setTimeout(() => {
      refetch.current = null;
      void queryClient.invalidateQueries({ queryKey: overviewKey(tenantId) });
    }, 500);
  };
  useEffect(
    () => () => {
      if (refetch.current) clearTimeout(refetch.current);
    },
    [],
  );
  useSocketSubscription('gun', invalidate);
  useSocketSubscription('sentiment', invalidate);
  useSocketSubscription('alarmHandled', invalidate);
  const signature = fleet.data?.signature;
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (signature === undefined) return;
    if (seen.current !== undefined && seen.current !== signature) invalidate();
    seen.current = signature;
  });
  // After a reconnection pushes may have been missed.
  const opened = useRef(status === 'open' ? 1 : 0);
  const lastStatus = useRef(status);
  useEffect(() => {
    if (status === lastStatus.current) return;
    lastStatus.current = status;
    if (status !== 'open') return;
    opened.current += 1;
    if (opened.current > 1) invalidate();
  });

  const robots = fleet.data ?? null;
  return {
    data: overview.data,
    robots: robots
      ? {
          total: robots.total,
          online: robots.online,
          offline: robots.offline,
          charging: robots.charging,
          stoppedForRepair: robots.stoppedForRepair,
          onTask: overview.data?.robots.onTask ?? 0,
        }
      : (overview.data?.robots ?? null),
    loading: overview.isLoading,
    error: overview.error,
  };
}

/** Alarms, runs, distance, uptime and work orders day by day. */
export function useDashboardTrends(query: DashboardTrendsQuery) {
  const tenantId = useActingTenant();
  return useQuery({
    queryKey: trendsKey(tenantId, query),
    queryFn: ({ signal }) => call(dashboardsApi.dashboardTrends, { query }, { signal }),
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
}

/** The alarm portrait: where, when, of which kind and robot. */
export function useDashboardAbnormal(query: DashboardAbnormalQuery) {
  const tenantId = useActingTenant();
  return useQuery({
    queryKey: abnormalKey(tenantId, query),
    queryFn: ({ signal }) => call(dashboardsApi.dashboardAbnormal, { query }, { signal }),
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
}
