// 4. A robot that crashes between its replies: it accepts a command (the sync reply) and drops off
// the broker before its result. The command must still reach a final state, within the "no result"
// deadline (COMMAND_RESULT_TIMEOUT_MS, set short here); the robot, once back, takes commands again.
import { FINAL_COMMAND_STATUSES, type CommandRecord } from '@patrol/contracts';
import type { SimRobot } from '@patrol/robot-sim';
import { Console, freshDatabase, startQuietFleet, QUICK, Report, start, until, type DatabaseKind } from './common.js';

const RESULT_TIMEOUT_MS = 2000;
/** The sweep runs every second; a busy machine adds some. */
const SLACK_MS = 4000;

async function record(api: Console, commandId: string): Promise<CommandRecord | undefined> {
  return (await api.commands()).find((c) => c.commandId === commandId);
}

export async function robotCrash(kind: DatabaseKind, report: Report): Promise<void> {
  const db = await freshDatabase(kind);
  const server = await start({ ...db.env, COMMAND_RESULT_TIMEOUT_MS: String(RESULT_TIMEOUT_MS) });
  const api = new Console(server.url);
  await api.signIn();
  const fleet = await startQuietFleet(server.url, server.mqttUrl, QUICK ? 2 : 5, `C${process.pid}`);
  try {
    const rows = await api.robots();
    const idOf = (robot: SimRobot) => rows.find((r) => r.serialNumber === robot.serial)!.robotId;
    await api.robotsOnline(
      fleet.robots.map((r) => r.serial),
      10_000,
    );
    let ended = 0;
    let recovered = 0;
    for (const robot of fleet.robots) {
      // A return to base answers its result only on arrival: a long window to crash in.
      const sent = await api.call<CommandRecord>('POST', '/robot-server/cmd/send', {
        robotId: idOf(robot),
        command: { name: 'returnToBase', args: {} },
      });
      report.expect(sent.status === 200, `${robot.serial}: the command is sent (${sent.status} ${sent.message})`);
      if (!sent.data) continue;
      const commandId = sent.data.commandId;
      const acked = await until(async () => (await record(api, commandId))?.status === 'acknowledged', 5000, 50);
      await robot.disconnect({ silent: true });
      const crashed = performance.now();
      let final: CommandRecord | undefined;
      const done = await until(
        async () => {
          final = await record(api, commandId);
          return !!final && FINAL_COMMAND_STATUSES.includes(final.status);
        },
        RESULT_TIMEOUT_MS + SLACK_MS,
        100,
      );
      const ms = performance.now() - crashed;
      report.line(
        `${robot.serial}: acknowledged ${acked}, crashed, then ${final?.status ?? 'missing'} after ${ms.toFixed(0)} ms` +
          ` (deadline ${RESULT_TIMEOUT_MS} ms)`,
      );
      report.expect(acked, `${robot.serial}: the robot acknowledged the command before its crash`);
      report.expect(
        done,
        `${robot.serial}: the command reached a final state within ${RESULT_TIMEOUT_MS + SLACK_MS} ms`,
      );
      if (done) ended++;
      // Back on its feet, the robot takes commands again.
      await robot.connect();
      await api.robotsOnline([robot.serial], 10_000);
      const again = await api.call<CommandRecord>('POST', '/robot-server/cmd/send', {
        robotId: idOf(robot),
        command: { name: 'lights', args: { on: true } },
      });
      const ok =
        !!again.data &&
        (await until(async () => (await record(api, again.data!.commandId))?.status === 'done', 10_000, 100));
      report.expect(
        ok,
        `${robot.serial}: a command after the robot is back ends done (${again.status} ${again.message})`,
      );
      if (ok) recovered++;
    }
    report.line(
      `commands: ${fleet.robots.length} tried, ${ended} reached a final state, ${fleet.robots.length - ended} left open, ${recovered} robots took commands again`,
    );
  } finally {
    await fleet.stop();
    await server.stop();
    await db.drop();
  }
}
