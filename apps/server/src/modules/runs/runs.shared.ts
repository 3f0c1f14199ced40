// What other modules may ask of runs besides the runs service: whether a task has a run going
// (a task is not deleted while one of its runs goes), named for the 409 that says so.
import type { DbOrTx } from '../../platform/db.js';
import { findActiveRunsOfTask } from './runs.repository.js';

/** Names of the task's runs still going, e.g. "#12 Gate robot" (words of no language), for a refusal. */
export async function goingRunNames(db: DbOrTx, tenantId: number, taskId: number): Promise<string[]> {
  const rows = await findActiveRunsOfTask(db, tenantId, taskId);
  return rows.map((run) => (run.robotName ? `#${run.id} ${run.robotName}` : `#${run.id}`));
}
