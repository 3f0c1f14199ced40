import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  COMMAND_RESULT_TIMEOUT_MS,
  COMMAND_TTL_MS,
  DANGEROUS_COMMANDS,
  FINAL_COMMAND_STATUSES,
  robotCommandReply,
  robotTopic,
  translate,
  type AnyCommandBody,
  type CommandBody,
  type CommandRecord,
  type CommandReplyRow,
  type Language,
  type Page,
  type RobotCommand,
} from '@patrol/contracts';
import type { AuthContext } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { countCommandResult } from '../../platform/metrics.js';
import { inOrderBy } from '../../platform/in-order.js';
import type { MqttGateway, PublishOutcome } from '../../platform/mqtt.js';
import { EXPORT_MAX_ROWS, pageWindow } from '../../platform/paging.js';
import { buildXlsx, type XlsxColumn } from '../../platform/xlsx.js';
import type { MonitoringService } from '../monitoring/monitoring.service.js';
import type { RealtimeHub } from '../../platform/hub.js';
import { findRobot } from '../robots/robots.shared.js';
import { inScope, robotScope, scopeFilter } from '../user-robots/user-robots.scope.js';
import {
  applyReply,
  expireCommands,
  findCommandByWireId,
  listCommandsByAlarmIds,
  listCommandsOfRobotBetween,
  insertCommandRecord,
  insertCommandReply,
  listUnfinishedCommands,
  markCommandFailed,
  pageCommandRecords,
  pageCommandReplies,
  type CommandRecordRow,
  type CommandReplyDbRow,
} from './commands.repository.js';

/** How often unanswered commands are checked for expiry (and re-sent, after the broker was lost). */
export const EXPIRY_SWEEP_MS = 1000;

/**
 * After the server (re)gains its broker, how long nothing is expired or closed: the unfinished
 * commands are re-sent meanwhile, and the robots' answers come back.
 */
export const RESEND_GRACE_MS = 10_000;

export function toCommandRecord(row: CommandRecordRow): CommandRecord {
  return {
    recordId: row.id,
    commandId: row.commandId,
    robotId: row.robotId,
    robotName: row.robotName,
    serialNumber: row.serialNumber,
    topic: row.topic,
    name: row.name as CommandRecord['name'],
    args: row.args,
    status: row.status as CommandRecord['status'],
    syncCode: row.syncCode,
    asyncCode: row.asyncCode,
    message: row.message,
    operatorName: row.operatorName,
    publishTime: row.publishedAt.toISOString(),
    expireTime: row.expiresAt.toISOString(),
    ackTime: row.ackAt?.toISOString() ?? null,
    doneTime: row.doneAt?.toISOString() ?? null,
  };
}

function toReplyRow(row: CommandReplyDbRow): CommandReplyRow {
  return {
    replyId: row.id,
    commandId: row.commandId,
    robotId: row.robotId,
    robotName: row.robotName,
    serialNumber: row.serialNumber,
    topic: row.topic,
    commandName: row.commandName as CommandReplyRow['commandName'],
    phase: row.phase as CommandReplyRow['phase'],
    code: row.code,
    message: row.message,
    receiveTime: row.receivedAt.toISOString(),
  };
}

/**
 * Commands from the console to robots: each is recorded, published on the robot's `cmd` topic
 * (QoS 1) and followed through its sync and async replies; its progress reaches the tenant's
 * watching consoles live. A command left unanswered expires, and one the robot accepted without ever
 * sending its result is closed as noResult, so every command ends.
 *
 * Answers published while the server is away from its broker are lost (nobody subscribes to them
 * then), so each time the server (re)gains its broker it re-sends every unfinished command with its
 * own id, once the robot listens again: a robot answers an id it has seen with the replies it sent
 * (robot protocol) and never carries a command out twice. Nothing expires while the broker is away,
 * nor does a command sent before its return within RESEND_GRACE_MS of it.
 */
export function createCommandsService(
  ctx: AppContext,
  deps: {
    monitoring: MonitoringService;
    hub: RealtimeHub;
    gateway: MqttGateway;
    log: FastifyBaseLogger;
    /** COMMAND_RESULT_TIMEOUT_MS unless given. */
    resultTimeoutMs?: number;
    /** RESEND_GRACE_MS unless given. */
    resendGraceMs?: number;
  },
) {
  const { db } = ctx;
  const resultTimeoutMs = deps.resultTimeoutMs ?? COMMAND_RESULT_TIMEOUT_MS;
  const resendGraceMs = deps.resendGraceMs ?? RESEND_GRACE_MS;
  let sweep: NodeJS.Timeout | undefined;
  /** Commands to re-send (record ids), and until when nothing expires: set each time the broker is (re)gained. */
  const resend = new Set<number>();
  let holdUntil = 0;
  let linkedAt = new Date(0);

  const progress = (row: CommandRecordRow) =>
    deps.hub.publishToTopic(row.tenantId, 'robots', { type: 'command', data: toCommandRecord(row) });
  /** Pushes a command that has just reached its final state, and counts its result. */
  const ended = (row: CommandRecordRow) => {
    countCommandResult(row.status);
    return progress(row);
  };

  async function send(
    caller: AuthContext,
    input: { robotId: number; command: CommandBody & { args: object }; confirm?: boolean | undefined },
  ): Promise<CommandRecord> {
    const robot = await findRobot(db, caller.tenantId, input.robotId);
    if (!robot || !inScope(await robotScope(db, caller), robot.id)) throw notFound('robots.notFound');
    const { name } = input.command;
    if (DANGEROUS_COMMANDS.includes(name) && input.confirm !== true) {
      throw new AppError(422, 'commands.confirmRequired', undefined, [
        { path: 'confirm', key: 'commands.confirmRequired' },
      ]);
    }
    return dispatch(caller.tenantId, robot, input.command, { id: caller.userId, name: caller.username });
  }

  /**
   * Records a command and publishes it once to the robot (any command of the protocol). The caller
   * has checked that the robot is the tenant's and that the operator may command it. 409 when the
   * robot is offline or nothing of it subscribes to its commands, 503 when the broker is down.
   */
  async function dispatch(
    tenantId: number,
    robot: { id: number; name: string; serialNumber: string; online: boolean },
    command: AnyCommandBody & { args: object },
    operator: { id: number | null; name: string | null },
    options: { alarmId?: number | undefined } = {},
  ): Promise<CommandRecord> {
    const { name, args } = command;
    const online = deps.monitoring.robotIn(tenantId, robot.id)?.online ?? robot.online;
    if (!online) throw new AppError(409, 'commands.robotOffline');
    const { gateway } = deps;
    if (!gateway.connected()) throw new AppError(503, 'commands.brokerUnavailable');

    const issuedAt = Date.now();
    const wire = { id: randomUUID(), name, args, issuedAt, expiresAt: issuedAt + COMMAND_TTL_MS } as RobotCommand;
    const topic = robotTopic(robot.serialNumber, 'cmd');
    const row = await insertCommandRecord(db, {
      tenantId,
      commandId: wire.id,
      robotId: robot.id,
      robotName: robot.name,
      serialNumber: robot.serialNumber,
      topic,
      name,
      args: args as Record<string, unknown>,
      status: 'sent',
      operatorId: operator.id,
      operatorName: operator.name,
      publishedAt: new Date(issuedAt),
      expiresAt: new Date(wire.expiresAt),
      alarmId: options.alarmId ?? null,
    });
    let outcome: PublishOutcome;
    try {
      outcome = await gateway.publish(topic, wire, { qos: 1 });
    } catch (error) {
      deps.log.error({ err: error, topic }, 'command publish failed');
      const failed = await markCommandFailed(db, row.id, 'publish failed');
      if (failed) await ended(failed);
      throw new AppError(503, 'commands.brokerUnavailable');
    }
    if (outcome === 'noSubscribers') {
      // Said at once rather than left to expire: the robot is connected (or thought so) but nothing
      // of it subscribes to its commands, so no command can reach it.
      const failed = await markCommandFailed(db, row.id, 'no subscriber');
      if (failed) await ended(failed);
      throw new AppError(409, 'commands.robotNotListening');
    }
    await progress(row);
    return toCommandRecord(row);
  }

  async function onReply(serial: string, payload: unknown, topic: string) {
    const parsed = robotCommandReply.safeParse(payload);
    if (!parsed.success) {
      deps.log.warn({ serial }, 'command reply dropped: invalid');
      return;
    }
    const reply = parsed.data;
    const robot = await deps.monitoring.resolveSerial(serial);
    if (!robot) return;
    const found = await findCommandByWireId(db, reply.id);
    // A robot answers only its own commands.
    const record = found && found.robotId === robot.robot.robotId ? found : undefined;
    const at = new Date();
    await insertCommandReply(db, {
      tenantId: record?.tenantId ?? robot.tenantId,
      commandId: reply.id,
      robotId: robot.robot.robotId,
      robotName: robot.robot.name,
      serialNumber: serial,
      topic,
      commandName: record?.name ?? null,
      phase: reply.phase,
      code: reply.code,
      message: reply.message ?? null,
      receivedAt: at,
    });
    if (!record) return;
    const updated = await applyReply(db, record.id, {
      phase: reply.phase,
      code: reply.code,
      message: reply.message ?? null,
      at,
    });
    if (!updated) return;
    const final = (status: string) => FINAL_COMMAND_STATUSES.includes(status as CommandRecord['status']);
    await (final(updated.status) && !final(record.status) ? ended(updated) : progress(updated));
  }

  /** The commands sent for these alarms of the tenant, oldest first, with the alarm each was for. */
  async function ofAlarms(tenantId: number, alarmIds: number[]): Promise<(CommandRecord & { alarmId: number })[]> {
    const rows = await listCommandsByAlarmIds(db, tenantId, alarmIds);
    return rows.map((row) => ({ ...toCommandRecord(row), alarmId: row.alarmId! }));
  }

  /** The commands sent to a robot of the tenant between two times, oldest first (a run's detail). */
  async function ofRobotBetween(tenantId: number, robotId: number, from: Date, to: Date): Promise<CommandRecord[]> {
    return (await listCommandsOfRobotBetween(db, tenantId, robotId, from, to)).map(toCommandRecord);
  }

  /**
   * Closes what will get no answer any more (pushed like other progress); `now` is the clock's time
   * unless given. Nothing while the broker is away (answers cannot be heard), nor, just after it is
   * back, what was sent before (it is being re-sent).
   */
  async function sweepExpired(now = new Date()) {
    if (!deps.gateway.connected()) return;
    const resultSince = new Date(now.getTime() - resultTimeoutMs);
    const since = now.getTime() < holdUntil ? linkedAt : undefined;
    for (const row of await expireCommands(db, now, resultSince, since)) await ended(row);
  }

  /** The broker is (re)gained: every command unfinished until now is to be re-sent. */
  async function linked() {
    const at = new Date();
    linkedAt = at;
    holdUntil = at.getTime() + resendGraceMs;
    for (const row of await listUnfinishedCommands(db, at)) resend.add(row.id);
    if (resend.size) deps.log.info(`commands: ${resend.size} unfinished, re-sent as their robots listen again`);
  }

  /**
   * Re-sends each waiting command whose robot is online (and heard since the broker came back), with
   * its own id, expiry and arguments; one nobody subscribes to yet is tried again on the next round,
   * and one that has ended meanwhile is dropped.
   */
  async function resendUnfinished() {
    if (!resend.size || !deps.gateway.connected()) return;
    const rows = await listUnfinishedCommands(db, new Date(), [...resend]);
    const waiting = new Set(rows.map((r) => r.id));
    for (const id of resend) if (!waiting.has(id)) resend.delete(id);
    for (const row of rows) {
      const live = deps.monitoring.robotIn(row.tenantId, row.robotId);
      if (!live?.online || live.presenceUnknown) continue;
      const wire = {
        id: row.commandId,
        name: row.name,
        args: row.args,
        issuedAt: row.publishedAt.getTime(),
        expiresAt: row.expiresAt.getTime(),
      };
      try {
        if ((await deps.gateway.publish(row.topic, wire, { qos: 1 })) === 'sent') resend.delete(row.id);
      } catch (error) {
        deps.log.warn({ err: error, topic: row.topic }, 'command re-send failed; tried again');
      }
    }
  }

  /** A robot's replies apply in the order they came: an acknowledgement before the result it precedes. */
  const replying = inOrderBy(deps.log, 'command reply failed');
  const onReplyInOrder = (serial: string, payload: unknown, topic: string) =>
    replying(serial, () => onReply(serial, payload, topic));

  function start() {
    deps.gateway.on('cmd/reply', onReplyInOrder);
    deps.gateway.onLink((up) => {
      if (up) linked().catch((error: unknown) => deps.log.error({ err: error }, 'command re-send failed'));
    });
    if (deps.gateway.connected())
      linked().catch((error: unknown) => deps.log.error({ err: error }, 'command re-send failed'));
    sweep = setInterval(() => {
      resendUnfinished()
        .then(() => sweepExpired())
        .catch((error: unknown) => deps.log.error({ err: error }, 'command expiry failed'));
    }, EXPIRY_SWEEP_MS);
    sweep.unref();
  }

  function stop() {
    clearInterval(sweep);
  }

  async function page(
    caller: AuthContext,
    query: Parameters<typeof pageCommandRecords>[2] & { index: number; size?: number | undefined },
  ): Promise<Page<CommandRecord>> {
    const robotIds = scopeFilter(await robotScope(db, caller));
    const { rows, total } = await pageCommandRecords(db, caller.tenantId, { ...query, robotIds }, pageWindow(query));
    return { rows: rows.map(toCommandRecord), total };
  }

  async function replies(
    caller: AuthContext,
    query: Parameters<typeof pageCommandReplies>[2] & { index: number; size?: number | undefined },
  ): Promise<Page<CommandReplyRow>> {
    const robotIds = scopeFilter(await robotScope(db, caller));
    const { rows, total } = await pageCommandReplies(db, caller.tenantId, { ...query, robotIds }, pageWindow(query));
    return { rows: rows.map(toReplyRow), total };
  }

  /** The dispatch records the page would list with the same filters, as a spreadsheet (first 10,000). */
  async function exportRecordsXlsx(
    caller: AuthContext,
    query: Parameters<typeof pageCommandRecords>[2],
    lang: Language,
  ): Promise<Buffer> {
    const robotIds = scopeFilter(await robotScope(db, caller));
    const window = { offset: 0, limit: EXPORT_MAX_ROWS };
    const { rows } = await pageCommandRecords(db, caller.tenantId, { ...query, robotIds }, window);
    const tr = (key: string) => translate(lang, key);
    const columns: XlsxColumn<CommandRecord>[] = [
      { header: tr('commands.colPublishTime'), value: (r) => r.publishTime, width: 26 },
      { header: tr('commands.colTopic'), value: (r) => r.topic, width: 30 },
      { header: tr('commands.colRequestId'), value: (r) => r.commandId, width: 38 },
      { header: tr('commands.colRobot'), value: (r) => r.robotName, width: 24 },
      { header: tr('commands.colSerial'), value: (r) => r.serialNumber, width: 24 },
      { header: tr('commands.colCommand'), value: (r) => r.name },
      { header: tr('commands.colStatus'), value: (r) => r.status },
      { header: tr('commands.colSyncCode'), value: (r) => r.syncCode },
      { header: tr('commands.colAsyncCode'), value: (r) => r.asyncCode },
      { header: tr('commands.colMessage'), value: (r) => r.message, width: 30 },
      { header: tr('commands.colOperator'), value: (r) => r.operatorName },
    ];
    return buildXlsx(tr('commands.recordsSheet'), columns, rows.map(toCommandRecord));
  }

  /** The reply records the page would list with the same filters, as a spreadsheet (first 10,000). */
  async function exportRepliesXlsx(
    caller: AuthContext,
    query: Parameters<typeof pageCommandReplies>[2],
    lang: Language,
  ): Promise<Buffer> {
    const robotIds = scopeFilter(await robotScope(db, caller));
    const window = { offset: 0, limit: EXPORT_MAX_ROWS };
    const { rows } = await pageCommandReplies(db, caller.tenantId, { ...query, robotIds }, window);
    const tr = (key: string) => translate(lang, key);
    const columns: XlsxColumn<CommandReplyRow>[] = [
      { header: tr('commands.colReceiveTime'), value: (r) => r.receiveTime, width: 26 },
      { header: tr('commands.colTopic'), value: (r) => r.topic, width: 30 },
      { header: tr('commands.colRequestId'), value: (r) => r.commandId, width: 38 },
      { header: tr('commands.colRobot'), value: (r) => r.robotName, width: 24 },
      { header: tr('commands.colSerial'), value: (r) => r.serialNumber, width: 24 },
      { header: tr('commands.colCommand'), value: (r) => r.commandName },
      { header: tr('commands.colPhase'), value: (r) => r.phase },
      { header: tr('commands.colCode'), value: (r) => r.code },
      { header: tr('commands.colMessage'), value: (r) => r.message, width: 30 },
    ];
    return buildXlsx(tr('commands.repliesSheet'), columns, rows.map(toReplyRow));
  }

  return {
    send,
    dispatch,
    ofAlarms,
    ofRobotBetween,
    page,
    replies,
    exportRecordsXlsx,
    exportRepliesXlsx,
    start,
    stop,
    sweepExpired,
  };
}

export type CommandsService = ReturnType<typeof createCommandsService>;
