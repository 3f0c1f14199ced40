// 3. The broker killed with commands in flight: the server on an external broker (the machine's
// Mosquitto: FAULTS_MQTT_URL, else TEST_MQTT_URL, else 127.0.0.1:1883) through a TCP proxy that robots and server both go through. Commands
// are sent, the proxy refuses everything at once (the broker gone), commands are sent while it is
// away, then it forwards again. A command sent while the broker is away answers promptly (503, or
// ends failed and never reaches the robot), every accepted one reaches a final state, none reaches a
// robot twice, and commands work again once the broker is back, without a restart. Commands in flight
// that reached their robot end done: the server re-sends what is unfinished once it has its broker again.
import { COMMAND_TTL_MS, FINAL_COMMAND_STATUSES, type CommandRecord } from '@patrol/contracts';
import type { SimRobot } from '@patrol/robot-sim';
import { startTcpProxy } from '@patrol/server/test/tcp-proxy.js';
import {
  Console,
  freshDatabase,
  startQuietFleet,
  QUICK,
  Report,
  sleep,
  start,
  until,
  type DatabaseKind,
} from './common.js';

const BROKER = process.env.FAULTS_MQTT_URL?.trim() || process.env.TEST_MQTT_URL?.trim() || 'mqtt://127.0.0.1:1883';
/** A command refused while the broker is away must say so within this long. */
const PROMPT_MS = 3000;
const UNAVAILABLE = 'The message broker is unavailable; the command was not sent';

export async function brokerLost(kind: DatabaseKind, report: Report): Promise<void> {
  const db = await freshDatabase(kind);
  const broker = new URL(BROKER);
  const proxy = await startTcpProxy({ host: broker.hostname, port: Number(broker.port || 1883) });
  const mqttUrl = proxy.url(BROKER);
  const server = await start({
    ...db.env,
    MQTT_URL: mqttUrl,
    MQTT_SHARE_GROUP: `faults-${process.pid}`,
    COMMAND_RESULT_TIMEOUT_MS: '2000',
  });
  const api = new Console(server.url);
  await api.signIn();
  const fleet = await startQuietFleet(server.url, mqttUrl, QUICK ? 3 : 10, `M${process.pid}${Date.now() % 10_000}`);
  try {
    const serials = fleet.robots.map((r) => r.serial);
    report.expect(await api.robotsOnline(serials, 15_000), 'the robots are online on the external broker');
    const rows = await api.robots();
    const idOf = (robot: SimRobot) => rows.find((r) => r.serialNumber === robot.serial)!.robotId;
    let on = false;
    const send = (robot: SimRobot) => {
      on = !on;
      return api.call<CommandRecord>('POST', '/robot-server/cmd/send', {
        robotId: idOf(robot),
        command: { name: 'lights', args: { on } },
      });
    };
    const accepted = new Set<string>();
    const flewIds: string[] = [];
    const rounds = QUICK ? 1 : 3;
    let inFlight = 0;
    let refusedPromptly = 0;
    let whileAway = 0;
    let afterBack = 0;
    let afterBackDone = 0;
    for (let round = 1; round <= rounds; round++) {
      // In flight: published, and the broker goes away before the robots' replies are back.
      const flying = await Promise.all(fleet.robots.map(send));
      proxy.setMode('refuse');
      const outage = new Date();
      for (const answer of flying) {
        inFlight++;
        if (answer.data) {
          accepted.add(answer.data.commandId);
          flewIds.push(answer.data.commandId);
        }
      }
      report.expect(
        flying.every((a) => a.status === 200),
        `commands before the outage are accepted (${flying.map((a) => a.status).join(', ')})`,
      );
      await sleep(1000);
      // While it is away: a prompt refusal (or a command that ends failed and never arrives).
      const away = await Promise.all(fleet.robots.map(send));
      whileAway += away.length;
      for (const answer of away) {
        if (answer.data) accepted.add(answer.data.commandId);
        const prompt = answer.ms <= PROMPT_MS;
        const refused = answer.status === 503 && answer.message === UNAVAILABLE;
        if (prompt && refused) refusedPromptly++;
        report.expect(
          prompt && (refused || answer.status === 200 || answer.status === 409),
          `a command sent while the broker is away answers within ${PROMPT_MS} ms with 503 "${UNAVAILABLE}" ` +
            `(got ${answer.status} "${answer.message}" in ${answer.ms.toFixed(0)} ms)`,
        );
      }
      await sleep(QUICK ? 1000 : 4000);
      proxy.setMode('forward');
      const back = new Date();
      const healthy = await until(async () => (await api.call('GET', '/health')).status === 200, 20_000);
      const online = await api.robotsOnline(serials, 20_000);
      const offline = online ? [] : (await api.robots()).filter((r) => serials.includes(r.serialNumber) && !r.online);
      report.line(
        `round ${round}: broker away ${((back.getTime() - outage.getTime()) / 1000).toFixed(1)} s; ` +
          `health back ${healthy}, robots back online ${online} after ${((Date.now() - back.getTime()) / 1000).toFixed(1)} s` +
          (offline.length
            ? ` (shown offline: ${offline.map((r) => r.serialNumber).join(', ')}; connected to the broker: ` +
              `${offline.map((r) => fleet.robots.find((x) => x.serial === r.serialNumber)?.connected ?? '?').join(', ')})`
            : ''),
      );
      report.expect(healthy && online, 'the server and the robots are back on the broker without a restart');
      // Back: commands work again.
      const again = await Promise.all(fleet.robots.map(send));
      for (const answer of again) {
        afterBack++;
        if (answer.data) accepted.add(answer.data.commandId);
      }
      const ids = again.flatMap((a) => (a.data ? [a.data.commandId] : []));
      const done = await until(async () => {
        const records = await api.commands();
        return ids.every((id) => records.find((r) => r.commandId === id)?.status === 'done');
      }, 15_000);
      afterBackDone += done ? ids.length : 0;
      report.expect(
        ids.length === again.length && done,
        `commands after the broker is back are accepted and done (${again.map((a) => a.status).join(', ')})`,
      );
      // Commands refused while it was away never reach a robot (one accepted then is delivered when
      // it is back, within its expiry).
      const records = await api.commands();
      const sentAway = records.filter(
        (r) =>
          r.status === 'failed' &&
          Date.parse(r.publishTime) >= outage.getTime() + 500 &&
          Date.parse(r.publishTime) < back.getTime(),
      );
      const delivered = new Set(fleet.robots.flatMap((r) => r.received.map((c) => c.id)));
      const reached = sentAway.filter((r) => delivered.has(r.commandId));
      report.expect(
        reached.length === 0,
        `no command refused while the broker was away reached a robot (${reached.length})`,
      );
    }
    // Every accepted command ends; none reached a robot twice.
    const allFinal = await until(
      async () => {
        const records = await api.commands();
        return [...accepted].every((id) => {
          const status = records.find((r) => r.commandId === id)?.status;
          return !!status && FINAL_COMMAND_STATUSES.includes(status);
        });
      },
      COMMAND_TTL_MS + 10_000,
      500,
    );
    const records = await api.commands();
    const statuses = new Map<string, number>();
    for (const r of records) if (accepted.has(r.commandId)) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    const twice = fleet.robots.flatMap((robot) => {
      const seen = new Map<string, number>();
      for (const c of robot.received) seen.set(c.id, (seen.get(c.id) ?? 0) + 1);
      return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
    });
    const received = new Set(fleet.robots.flatMap((r) => r.received.map((c) => c.id)));
    const flewStatus = new Map<string, number>();
    for (const r of records) {
      if (flewIds.includes(r.commandId)) flewStatus.set(r.status, (flewStatus.get(r.status) ?? 0) + 1);
    }
    const reachedIds = flewIds.filter((id) => received.has(id));
    const repeated = fleet.robots.reduce((n, r) => n + r.repeated.length, 0);
    report.line(
      `in flight: ${reachedIds.length} of ${flewIds.length} reached their robot; they ended ` +
        `${[...flewStatus].map(([st, n]) => `${st} ${n}`).join(', ')}; ${repeated} re-sent and answered from the robots' memory`,
    );
    // A command the robot carried out is done, however its answers fared while the broker was away.
    const notDone = records.filter((r) => reachedIds.includes(r.commandId) && r.status !== 'done');
    report.expect(
      notDone.length === 0,
      `every in-flight command that reached its robot ends done (${notDone.map((r) => r.status).join(', ') || 'all done'})`,
    );
    report.line(
      `commands: ${inFlight} in flight when the broker went, ${whileAway} sent while away (${refusedPromptly} refused ` +
        `promptly with 503), ${afterBack} after it came back (${afterBackDone} done); accepted ${accepted.size}, ` +
        `final states ${[...statuses].map(([s, n]) => `${s} ${n}`).join(', ')}; carried out twice ${twice.length}`,
    );
    report.expect(allFinal, 'every accepted command reached a final state');
    report.expect(twice.length === 0, 'no command was carried out twice by a robot');
  } finally {
    await fleet.stop();
    await server.stop();
    await proxy.close();
    await db.drop();
  }
}
