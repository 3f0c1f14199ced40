import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';

type Rows = { rows: { id: number }[] };

/**
 * A task of a tenant for the schedules' tests: a station, one job and the task, written as SQL
 * (their modules are not this one's to call for test data).
 */
export async function makeScheduledTask(
  db: DbOrTx,
  tenantId: number,
  options: { name?: string; status?: 0 | 1 } = {},
): Promise<number> {
  const name = (options.name ?? `Task ${Math.random().toString(36).slice(2, 8)}`).slice(0, 50);
  const area = JSON.stringify([
    [114.057, 22.542],
    [114.059, 22.542],
    [114.059, 22.544],
  ]);
  const nodes = JSON.stringify([
    { lng: 114.0575, lat: 22.5425, mode: 1, type: 0, guide: 'start' },
    { lng: 114.0585, lat: 22.5435, mode: 2, type: 0, guide: 'end' },
  ]);
  const station = (await db.execute(
    sql`insert into stations (tenant_id, name, area) values (${tenantId}, ${`St ${name}`.slice(0, 50)}, ${area}::jsonb) returning id`,
  )) as unknown as Rows;
  const stationId = station.rows[0]!.id;
  const job = (await db.execute(sql`
    insert into jobs (tenant_id, station_id, name, type, trigger_name, trigger_type, action_name, action_type, rounds, speaker_data, nodes)
    values (${tenantId}, ${stationId}, ${`Job ${name}`.slice(0, 50)}, 'patrol', 'Each node', 'eachNode', 'Speak', 'speak', 1, 'Patrol', ${nodes}::jsonb)
    returning id`)) as unknown as Rows;
  const task = (await db.execute(sql`
    insert into tasks (tenant_id, station_id, name, type, status)
    values (${tenantId}, ${stationId}, ${name}, 'routine', ${options.status ?? 1}) returning id`)) as unknown as Rows;
  const taskId = task.rows[0]!.id;
  await db.execute(sql`insert into task_jobs (task_id, position, job_id) values (${taskId}, 0, ${job.rows[0]!.id})`);
  return taskId;
}
