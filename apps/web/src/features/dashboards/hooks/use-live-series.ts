import { useEffect, useRef } from 'react';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import type { RobotLive, RobotTelemetry } from '@patrol/contracts';
import { fleetKey, useActingTenant } from '@/shared/fleet';
import type { ECharts } from '@/shared/charts';

/** How far back the live charts reach. */
export const LIVE_WINDOW_MS = 5 * 60_000;
/**
 * The spacing of the points a line keeps: a chart a few hundred pixels wide shows five minutes no
 * finer than this, and three times fewer points than readings keep each redraw light. The newest
 * reading is always the line's last point (it replaces a last point younger than this).
 */
export const LIVE_STEP_MS = 3_000;
/** The most robots the live charts draw at once. */
export const LIVE_ROBOTS_MAX = 20;

/** One reading of the live charts, read from a robot's telemetry. */
export type LiveMetric = { key: string; unit: string; read: (state: RobotTelemetry) => number };

export const LIVE_METRICS: LiveMetric[] = [
  { key: 'battery', unit: '%', read: (s) => s.battery },
  { key: 'speed', unit: 'm/s', read: (s) => s.speed },
  { key: 'ambient', unit: '°C', read: (s) => s.temperatures.ambient },
  { key: 'body', unit: '°C', read: (s) => s.temperatures.body },
  { key: 'batteryTemp', unit: '°C', read: (s) => s.temperatures.battery },
  { key: 'humidity', unit: '%', read: (s) => s.humidity },
  { key: 'up', unit: 'kbit/s', read: (s) => s.network.up },
  { key: 'down', unit: 'kbit/s', read: (s) => s.network.down },
];

type Point = [number, number];

/** Points of each metric and robot over the last `LIVE_WINDOW_MS`, appended as telemetry arrives. */
export class LiveSeries {
  private readonly points = new Map<string, Map<number, Point[]>>();
  private readonly lastTs = new Map<number, number>();

  constructor(private readonly metrics: LiveMetric[]) {
    for (const metric of metrics) this.points.set(metric.key, new Map());
  }

  /** Appends the robots' readings newer than the last one kept; returns whether anything was added. */
  add(robots: readonly RobotLive[], robotIds: ReadonlySet<number>): boolean {
    let added = false;
    for (const robot of robots) {
      const state = robot.state;
      if (!robotIds.has(robot.robotId) || !state || !robot.online) continue;
      if (state.ts <= (this.lastTs.get(robot.robotId) ?? 0)) continue;
      this.lastTs.set(robot.robotId, state.ts);
      for (const metric of this.metrics) {
        const byRobot = this.points.get(metric.key)!;
        let points = byRobot.get(robot.robotId);
        if (!points) byRobot.set(robot.robotId, (points = []));
        const point: Point = [state.ts, metric.read(state)];
        // The last point stands for its step (the newest reading replaces it) until it lies a step
        // after the point before it; the next reading then starts the next step.
        const n = points.length;
        if (n > 1 && points[n - 1]![0] - points[n - 2]![0] < LIVE_STEP_MS) points[n - 1] = point;
        else points.push(point);
      }
      added = true;
    }
    return added;
  }

  /** Drops the points older than the window (and the robots no longer shown). */
  trim(now: number, robotIds: ReadonlySet<number>) {
    const since = now - LIVE_WINDOW_MS;
    for (const byRobot of this.points.values()) {
      for (const [robotId, points] of byRobot) {
        if (!robotIds.has(robotId)) {
          byRobot.delete(robotId);
          continue;
        }
        let drop = 0;
        while (drop < points.length && points[drop]![0] < since) drop += 1;
        if (drop) points.splice(0, drop);
      }
    }
    for (const robotId of this.lastTs.keys()) if (!robotIds.has(robotId)) this.lastTs.delete(robotId);
  }

  /** A metric's points of one robot (empty when none). */
  of(metric: string, robotId: number): Point[] {
    return this.points.get(metric)?.get(robotId) ?? [];
  }
}

/**
 * How often the live charts are redrawn at most: the robots report about once a second, so a
 * redraw per second shows every reading while the pushes (up to 20 a second) cost no frame each.
 */
export const LIVE_REDRAW_MS = 1_000;

/**
 * Feeds the live charts from the live fleet in the query cache (kept current by the console
 * socket), without re-rendering the page: each change of the fleet appends the new readings, and
 * at most once per `LIVE_REDRAW_MS` the charts get only their series' data and the window's time
 * span (`setOption` of data, never a new chart), one chart per animation frame so that no frame
 * carries all eight.
 */
export function useLiveSeries(robotIds: readonly number[], charts: { current: Map<string, ECharts | null> }) {
  const queryClient = useQueryClient();
  const tenantId = useActingTenant();
  const series = useRef<LiveSeries | null>(null);

  useEffect(() => {
    const ids = new Set(robotIds);
    const store = (series.current ??= new LiveSeries(LIVE_METRICS));
    const key = fleetKey(tenantId);
    const hash = hashKey(key);
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let lastRedraw = 0;
    // Readings that came while the charts were being drawn: another redraw follows.
    let pending = false;
    const drawChart = (metric: LiveMetric, now: number) => {
      const chart = charts.current.get(metric.key);
      if (!chart || chart.isDisposed()) return;
      let points = 0;
      const data = robotIds.map((robotId) => {
        const line = store.of(metric.key, robotId);
        points += line.length;
        return { id: String(robotId), data: line.slice() };
      });
      chart.setOption({ xAxis: { min: now - LIVE_WINDOW_MS, max: now }, series: data }, { silent: true });
      // How many points the chart holds, for the wall screen's own checks (no text of it is shown).
      chart.getDom().dataset.points = String(points);
    };
    const redraw = () => {
      timer = null;
      lastRedraw = Date.now();
      const now = lastRedraw;
      store.trim(now, ids);
      let next = 0;
      const step = () => {
        frame = 0;
        drawChart(LIVE_METRICS[next]!, now);
        next += 1;
        if (next < LIVE_METRICS.length) frame = requestAnimationFrame(step);
        else if (pending) {
          pending = false;
          schedule();
        }
      };
      frame = requestAnimationFrame(step);
    };
    const schedule = () => {
      if (frame) pending = true;
      if (timer || frame) return;
      timer = setTimeout(redraw, Math.max(0, lastRedraw + LIVE_REDRAW_MS - Date.now()));
    };
    const read = () => {
      const robots = queryClient.getQueryData<RobotLive[]>(key);
      if (robots && store.add(robots, ids)) schedule();
    };
    read();
    schedule();
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.query.queryHash === hash) read();
    });
    // The window slides even when nothing arrives (an offline robot's line leaves the chart).
    const slide = setInterval(schedule, 5_000);
    return () => {
      unsubscribe();
      clearInterval(slide);
      if (timer) clearTimeout(timer);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [robotIds, tenantId, queryClient, charts]);
}
