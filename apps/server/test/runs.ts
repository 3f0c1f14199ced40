import { DEFAULT_MAP_CENTER, type PathNode } from '@patrol/contracts';
import { makeRoute, offset } from '@patrol/robot-sim';
import type { Db } from '../src/platform/db.js';
import { jobs } from '../src/modules/jobs/jobs.tables.js';
import { setRobotsStation } from '../src/modules/robots/robots.shared.js';
import { insertStation } from '../src/modules/stations/stations.shared.js';
import { taskJobs, tasks } from '../src/modules/tasks/tasks.tables.js';

/** Where the test robots' patrol loop starts (`simRobot`'s route): tasks' paths begin near it. */
export const ROBOT_BASE = makeRoute(DEFAULT_MAP_CENTER, 0).points[0]!;

/** A node `east`/`north` metres from the robots' base. */
export function nodeNear(east: number, north: number, type: 0 | 1 = 0): PathNode {
  const [lat, lng] = offset(ROBOT_BASE, east, north);
  return { lat, lng, mode: 0, type, guide: `${east} m east, ${north} m north` };
}

/**
 * A station around the robots' base, a job of `nodes` in it and an enabled task of that job, made
 * in the database (the jobs and tasks pages are their own areas); robots given join the station.
 */
export async function makeStationTask(
  db: Db,
  tenantId: number,
  options: { name?: string; nodes?: PathNode[]; rounds?: number; robotIds?: number[]; status?: 0 | 1 } = {},
) {
  const name = (options.name ?? 'Run').slice(0, 40);
  const corner = (e: number, n: number) => {
    const [lat, lng] = offset(ROBOT_BASE, e, n);
    return [lng, lat] as [number, number];
  };
  const station = await insertStation(db, tenantId, {
    name: `${name} st`,
    area: [corner(-300, -300), corner(300, -300), corner(300, 300), corner(-300, 300)],
  });
  const nodes = options.nodes ?? [nodeNear(3, 0), nodeNear(6, 0, 1)];
  const [job] = await db
    .insert(jobs)
    .values({
      tenantId,
      stationId: station.id,
      name: `${name} job`,
      type: 'patrol',
      triggerName: 'At each node',
      triggerType: 'eachNode',
      actionName: 'Announce',
      actionType: 'speak',
      rounds: options.rounds ?? 1,
      speakerData: 'Please keep the gate clear',
      nodes,
    })
    .returning();
  const [task] = await db
    .insert(tasks)
    .values({ tenantId, stationId: station.id, name: `${name} task`, type: 'routine', status: options.status ?? 1 })
    .returning();
  await db.insert(taskJobs).values({ taskId: task!.id, position: 0, jobId: job!.id });
  if (options.robotIds?.length) await setRobotsStation(db, tenantId, options.robotIds, station.id);
  return { station, job: job!, task: task! };
}
