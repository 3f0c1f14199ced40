import type { FastifyBaseLogger } from 'fastify';
import {
  ALARM_IMAGE_MAX_BYTES,
  DEFAULT_LANGUAGE,
  FINAL_OPERATIONS,
  FLEET_WIDE_ROLE_CODES,
  robotEvent,
  SENTIMENT_RET,
  translate,
  type AlarmDetail,
  type AlarmKind,
  type SocketServerMessage,
  alarmKinds,
  type AlarmMute,
  type AlarmOperation,
  type AlarmOperationRow,
  type AlarmRow,
  type AnyCommandBody,
  type CommandRecord,
  type DisposalOperation,
  type Page,
  type RobotEvent,
} from '@patrol/contracts';
import { API_PREFIX, type AuthContext } from '../../platform/auth.js';
import type { ConsoleKey } from '../../platform/console-key.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { RealtimeHub, SocketConnection } from '../../platform/hub.js';
import type { MqttGateway } from '../../platform/mqtt.js';
import { pageWindow } from '../../platform/paging.js';
import type { FileStorage, StoredFile } from '../../platform/storage.js';
import type { CommandsService } from '../commands/commands.service.js';
import type { MonitoringService } from '../monitoring/monitoring.service.js';
import type { NoticesService } from '../notices/notices.service.js';
import { findRobot } from '../robots/robots.shared.js';
import { userIdsWithRoleCodes } from '../roles/roles.shared.js';
import { inScope, robotScope, scopeFilter } from '../user-robots/user-robots.scope.js';
import {
  newestUnhandled,
  applyAlarmOperation,
  claimGunDecision,
  escalateUnhandled,
  findAlarm,
  findAlarmByReport,
  findMute,
  insertAlarmOnce,
  insertAlarmOperation,
  listAlarmOperations,
  listAlarmsOfRobotBetween,
  pageAlarms,
  releaseGunDecision,
  saveMute,
  setAlarmImage,
  type AlarmDbRow,
  type AlarmFilter,
  type AlarmOperationDbRow,
} from './alarms.repository.js';

/** How often unhandled alarms are looked for, at most (a shorter escalation time checks more often). */
export const ESCALATION_SWEEP_MS = 5000;

/** An image's type, told by its first bytes (never by a name): JPEG or PNG, else null. */
export function imageTypeOf(bytes: Buffer): { contentType: string; ext: string } | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { contentType: 'image/jpeg', ext: 'jpg' };
  }
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((b, i) => bytes[i] === b))
    return { contentType: 'image/png', ext: 'png' };
  return null;
}

/** Decodes an event's base64 image (a `data:` URL prefix allowed); null for text that is not base64. */
export function decodeImage(text: string): Buffer | null {
  const body = text.replace(/^data:[\w/+.-]+;base64,/, '').replace(/\s+/g, '');
  if (body.length === 0 || body.length % 4 === 1 || !/^[A-Za-z0-9+/]*={0,2}$/.test(body)) return null;
  return Buffer.from(body, 'base64');
}

export const alarmImagePath = (alarmId: number) => `${API_PREFIX}/notice-server/alarm/${alarmId}/image`;

const SENTIMENT_OPERATION_BY_RET = Object.fromEntries(
  Object.entries(SENTIMENT_RET).map(([operation, ret]) => [ret, operation as DisposalOperation]),
) as Record<number, DisposalOperation>;

type Operator = { id: number; name: string };
const operatorOf = (caller: AuthContext): Operator => ({ id: caller.userId, name: caller.username });

function toOperationRow(row: AlarmOperationDbRow): AlarmOperationRow {
  return {
    operation: row.operation as AlarmOperation,
    operatorId: row.operatorId,
    operatorName: row.operatorName,
    time: row.at.toISOString(),
    commandId: row.commandId,
    comment: row.comment,
  };
}

function toAlarmRow(row: AlarmDbRow, latest: CommandRecord | undefined): AlarmRow {
  return {
    alarmId: row.id,
    kind: row.kind as AlarmKind,
    robotId: row.robotId,
    robotName: row.robotName,
    serialNumber: row.serialNumber,
    messageId: row.messageId,
    taskId: row.taskId,
    code: row.code,
    msg: row.msg,
    level: row.level,
    reportTime: row.reportedAt.toISOString(),
    receiveTime: row.receivedAt.toISOString(),
    topic: row.topic,
    lat: row.lat,
    lng: row.lng,
    img: row.imageKey ? alarmImagePath(row.id) : null,
    status: row.status as AlarmRow['status'],
    operationType: row.operationType as AlarmOperation | null,
    gunDecision: row.gunDecision as AlarmRow['gunDecision'],
    handledBy: row.handledByName,
    handledTime: row.handledAt?.toISOString() ?? null,
    escalatedTime: row.escalatedAt?.toISOString() ?? null,
    publishTime: latest?.publishTime ?? null,
    publishTopic: latest?.topic ?? null,
    requestId: latest?.commandId ?? null,
    syncCode: latest?.syncCode ?? null,
    asyncCode: latest?.asyncCode ?? null,
    data: latest ? { name: latest.name, args: latest.args } : null,
    message: latest?.message ?? null,
  };
}

/** An alarm as the console socket pushes it (spec section 3's alarm message). */
function pushOf(alarm: AlarmDbRow): SocketServerMessage {
  return {
    type: alarm.kind as AlarmKind,
    robotId: alarm.robotId,
    data: {
      code: alarm.code,
      msg: alarm.msg,
      img: alarm.imageKey ? alarmImagePath(alarm.id) : null,
      timestamp: alarm.reportedAt.getTime(),
      alarmId: alarm.id,
      level: alarm.level,
      robotName: alarm.robotName,
      serialNumber: alarm.serialNumber,
    },
  };
}

/**
 * Alarms: robots' `gun` and `sentiment` events, kept once per robot and message id with their
 * image, pushed to the consoles that may see the robot, disposed of by operators (robot commands
 * sent through the commands service), the net gun allowed once with a signed fire authorisation,
 * escalated to the tenant's administrators when nobody handles them in time.
 */
export function createAlarmsService(
  ctx: AppContext,
  deps: {
    monitoring: MonitoringService;
    commands: CommandsService;
    notices: NoticesService;
    hub: RealtimeHub;
    gateway: MqttGateway;
    storage: FileStorage;
    consoleKey: ConsoleKey;
    log: FastifyBaseLogger;
  },
) {
  const { db, config } = ctx;
  let sweep: NodeJS.Timeout | undefined;

  /** Checks and keeps an event's image; null (and logged) when it is not a JPEG or PNG within the limit. */
  async function keepImage(alarm: AlarmDbRow, event: RobotEvent): Promise<string | null> {
    if (!event.image) return null;
    const bytes = decodeImage(event.image);
    const type = bytes ? imageTypeOf(bytes) : null;
    if (!bytes || !type || bytes.length > ALARM_IMAGE_MAX_BYTES) {
      deps.log.warn(
        { serial: alarm.serialNumber, messageId: alarm.messageId, bytes: bytes?.length ?? null },
        'alarm image dropped: not a JPEG or PNG within the limit',
      );
      return null;
    }
    const key = `alarms/${alarm.tenantId}/${alarm.id}.${type.ext}`;
    try {
      await deps.storage.put(key, bytes, type.contentType);
    } catch (error) {
      deps.log.error({ err: error, key }, 'alarm image could not be stored');
      return null;
    }
    return key;
  }

  /** A robot's `gun` or `sentiment` event: kept once per message id, then pushed (a repeat changes nothing). */
  async function onEvent(serial: string, payload: unknown, topic: string) {
    const parsed = robotEvent.safeParse(payload);
    if (!parsed.success) return; // the monitoring module logs invalid events
    const event = parsed.data;
    if (event.kind !== 'gun' && event.kind !== 'sentiment') return;
    const robot = await deps.monitoring.resolveSerial(serial);
    if (!robot) {
      deps.log.warn({ serial }, 'alarm dropped: unknown robot');
      return;
    }
    const inserted = await insertAlarmOnce(db, {
      tenantId: robot.tenantId,
      kind: event.kind,
      robotId: robot.robot.robotId,
      robotName: robot.robot.name,
      serialNumber: serial,
      messageId: event.id,
      taskId: event.taskId ?? null,
      code: event.code,
      msg: event.message,
      level: event.level,
      reportedAt: new Date(event.ts),
      receivedAt: new Date(),
      topic,
      lat: event.position?.lat ?? null,
      lng: event.position?.lng ?? null,
      status: 'disposing',
    });
    if (!inserted) {
      deps.log.debug({ serial, messageId: event.id }, 'alarm already kept');
      return;
    }
    const imageKey = await keepImage(inserted, event);
    const alarm = imageKey
      ? ((await setAlarmImage(db, inserted.tenantId, inserted.id, imageKey)) ?? inserted)
      : inserted;
    await deps.hub.publishToTopic(alarm.tenantId, 'alarms', pushOf(alarm));
  }

  /** The alarm when it is the acting tenant's and its robot is in the caller's scope; else 404. */
  async function visibleAlarm(caller: AuthContext, alarmId: number): Promise<AlarmDbRow> {
    const alarm = await findAlarm(db, caller.tenantId, alarmId);
    if (!alarm || !inScope(await robotScope(db, caller), alarm.robotId)) throw notFound('alarms.notFound');
    return alarm;
  }

  async function rowsOf(tenantId: number, rows: AlarmDbRow[]): Promise<AlarmRow[]> {
    const sent = await deps.commands.ofAlarms(
      tenantId,
      rows.map((r) => r.id),
    );
    const latest = new Map<number, CommandRecord>();
    for (const { alarmId, ...command } of sent) latest.set(alarmId, command); // oldest first: the last one stays
    return rows.map((row) => toAlarmRow(row, latest.get(row.id)));
  }

  async function detailOf(tenantId: number, alarm: AlarmDbRow): Promise<AlarmDetail> {
    const [operations, sent] = await Promise.all([
      listAlarmOperations(db, tenantId, alarm.id),
      deps.commands.ofAlarms(tenantId, [alarm.id]),
    ]);
    const commands = sent.map(({ alarmId: _alarmId, ...command }) => command);
    return { ...toAlarmRow(alarm, commands.at(-1)), operations: operations.map(toOperationRow), commands };
  }

  /** The alarms of a robot of the tenant reported between two times, oldest first (a run's detail). */
  async function ofRobotBetween(tenantId: number, robotId: number, from: Date, to: Date): Promise<AlarmRow[]> {
    return rowsOf(tenantId, await listAlarmsOfRobotBetween(db, tenantId, robotId, from, to));
  }

  async function page(
    caller: AuthContext,
    query: AlarmFilter & { index: number; size?: number | undefined },
  ): Promise<Page<AlarmRow>> {
    const robotIds = scopeFilter(await robotScope(db, caller));
    const { rows, total } = await pageAlarms(db, caller.tenantId, { ...query, robotIds }, pageWindow(query));
    return { rows: await rowsOf(caller.tenantId, rows), total };
  }

  async function pageGun(
    caller: AuthContext,
    query: Omit<AlarmFilter, 'kind' | 'escalated'> & { index: number; size?: number | undefined },
  ): Promise<Page<AlarmRow>> {
    return page(caller, { ...query, kind: 'gun' });
  }

  async function detail(caller: AuthContext, alarmId: number): Promise<AlarmDetail> {
    return detailOf(caller.tenantId, await visibleAlarm(caller, alarmId));
  }

  async function image(caller: AuthContext, alarmId: number): Promise<StoredFile> {
    const alarm = await visibleAlarm(caller, alarmId);
    const file = alarm.imageKey ? await deps.storage.get(alarm.imageKey) : null;
    if (!file) throw notFound('alarms.imageNotFound');
    return file;
  }

  /** The robot an alarm's command goes to: the tenant's robot still, else 404. */
  async function robotOf(caller: AuthContext, alarm: AlarmDbRow) {
    const robot = await findRobot(db, caller.tenantId, alarm.robotId);
    if (!robot) throw notFound('robots.notFound');
    return robot;
  }

  async function handled(alarm: AlarmDbRow, operation: AlarmOperation, operator: Operator) {
    await deps.hub.publishToTopic(alarm.tenantId, 'alarms', {
      type: 'alarmHandled',
      data: {
        alarmId: alarm.id,
        kind: alarm.kind as AlarmKind,
        robotId: alarm.robotId,
        operation,
        operatorId: operator.id,
        operatorName: operator.name,
        status: alarm.status as AlarmRow['status'],
      },
    });
  }

  /** The robot command a disposal operation sends, if any. */
  function commandFor(alarm: AlarmDbRow, operation: DisposalOperation): (AnyCommandBody & { args: object }) | null {
    const eventId = alarm.messageId;
    switch (operation) {
      case 'ignore':
        // A gun alarm ignored is only recorded: its robot waits on the net-gun decision, which never comes.
        return alarm.kind === 'sentiment'
          ? { name: 'sentimentDecision', args: { eventId, ret: SENTIMENT_RET.ignore } }
          : null;
      case 'trackTarget':
        return { name: 'trackTarget', args: { eventId } };
      case 'siren':
        return { name: 'siren', args: { eventId } };
      default:
        return null;
    }
  }

  /**
   * One disposal operation: its robot command first (409 and nothing recorded when the robot is
   * offline), then the record. The first operation and the completion tell the other consoles.
   */
  async function operateOn(
    caller: AuthContext,
    alarm: AlarmDbRow,
    operation: DisposalOperation,
    comment: string | null,
  ): Promise<AlarmDetail> {
    if (alarm.status === 'complete') throw new AppError(409, 'alarms.completed');
    if (operation === 'voiceTalk') throw new AppError(409, 'alarms.voiceUnavailable');
    const operator = operatorOf(caller);
    const command = commandFor(alarm, operation);
    let sent: CommandRecord | null = null;
    if (command) {
      sent = await deps.commands.dispatch(caller.tenantId, await robotOf(caller, alarm), command, operator, {
        alarmId: alarm.id,
      });
    }
    const complete = FINAL_OPERATIONS.includes(operation);
    const at = new Date();
    const updated = await db.transaction(async (tx) => {
      const row = await applyAlarmOperation(tx, caller.tenantId, alarm.id, { operation, operator, at, complete });
      if (!row) return undefined;
      await insertAlarmOperation(tx, {
        tenantId: caller.tenantId,
        alarmId: alarm.id,
        operation,
        operatorId: operator.id,
        operatorName: operator.name,
        at,
        commandId: sent?.commandId ?? null,
        comment,
      });
      return row;
    });
    if (!updated) throw new AppError(409, 'alarms.completed');
    const first = updated.handledAt?.getTime() === at.getTime();
    if (first || complete) await handled(updated, operation, operator);
    return detailOf(caller.tenantId, updated);
  }

  async function operate(
    caller: AuthContext,
    input: { alarmId: number; operation: DisposalOperation; comment?: string | undefined },
  ): Promise<AlarmDetail> {
    const alarm = await visibleAlarm(caller, input.alarmId);
    return operateOn(caller, alarm, input.operation, input.comment || null);
  }

  /** The alarm the seed's calls name: by id when given, else the robot's alarm reported at `timestamp`. */
  async function alarmOfCall(
    caller: AuthContext,
    input: { robotId: number; timestamp: number; alarmId?: number | undefined },
    kind: AlarmKind,
  ): Promise<AlarmDbRow> {
    const scope = await robotScope(db, caller);
    if (!inScope(scope, input.robotId)) throw notFound('alarms.notFound');
    const alarm =
      input.alarmId !== undefined
        ? await findAlarm(db, caller.tenantId, input.alarmId)
        : await findAlarmByReport(db, caller.tenantId, input.robotId, new Date(input.timestamp), kind);
    if (!alarm || alarm.robotId !== input.robotId) throw notFound('alarms.notFound');
    if (alarm.kind !== kind) throw new AppError(409, kind === 'gun' ? 'alarms.notGun' : 'alarms.notSentiment');
    return alarm;
  }

  /**
   * The net-gun decision (cmd/gun). Taken once, atomically: of two operators allowing at the same
   * instant on any instance, one gets it and the other a 409 naming who decided. Allowing signs one
   * fire authorisation for this robot and event; the robot gets it in its gunDecision command.
   */
  async function gunCommand(
    caller: AuthContext,
    input: { robotId: number; data: { timestamp: number; flag: boolean; alarmId?: number | undefined } },
  ): Promise<AlarmDetail> {
    const alarm = await alarmOfCall(caller, { robotId: input.robotId, ...input.data }, 'gun');
    const decidedBy = (row: AlarmDbRow) =>
      new AppError(409, 'alarms.alreadyDecided', { name: row.gunDecidedByName ?? row.handledByName ?? '' });
    if (alarm.gunDecision) throw decidedBy(alarm);
    if (alarm.status === 'complete') throw new AppError(409, 'alarms.completed');
    const robot = await robotOf(caller, alarm);
    // An offline robot is refused before anything is taken (dispatch would refuse it too).
    const online = deps.monitoring.robotIn(caller.tenantId, robot.id)?.online ?? robot.online;
    if (!online) throw new AppError(409, 'commands.robotOffline');

    const operator = operatorOf(caller);
    const decision = input.data.flag ? 'allowed' : 'rejected';
    const at = new Date();
    const claimed = await claimGunDecision(db, caller.tenantId, alarm.id, decision, operator, at);
    if (!claimed) {
      const now = await findAlarm(db, caller.tenantId, alarm.id);
      if (now?.gunDecision) throw decidedBy(now);
      throw new AppError(409, 'alarms.completed');
    }
    let sent: CommandRecord;
    try {
      const args = input.data.flag
        ? {
            eventId: alarm.messageId,
            allow: true,
            authorization: (
              await deps.consoleKey.signFireAuthorization({
                serial: robot.serialNumber,
                alarm: alarm.messageId,
                operatorId: operator.id,
                operatorName: operator.name,
              })
            ).token,
          }
        : { eventId: alarm.messageId, allow: false };
      sent = await deps.commands.dispatch(caller.tenantId, robot, { name: 'gunDecision', args }, operator, {
        alarmId: alarm.id,
      });
    } catch (error) {
      await releaseGunDecision(db, caller.tenantId, alarm.id, at);
      throw error;
    }
    const operation: AlarmOperation = input.data.flag ? 'allow' : 'reject';
    const updated = await db.transaction(async (tx) => {
      const row = await applyAlarmOperation(tx, caller.tenantId, alarm.id, {
        operation,
        operator,
        at,
        complete: false,
      });
      await insertAlarmOperation(tx, {
        tenantId: caller.tenantId,
        alarmId: alarm.id,
        operation,
        operatorId: operator.id,
        operatorName: operator.name,
        at,
        commandId: sent.commandId,
        comment: null,
      });
      return row ?? claimed;
    });
    await handled(updated, operation, operator);
    return detailOf(caller.tenantId, updated);
  }

  /** A sentiment alarm's result (cmd/sentiment): `ret` is a disposal operation (SENTIMENT_RET; 4 ignores it). */
  async function sentimentCommand(
    caller: AuthContext,
    input: { robotId: number; data: { timestamp: number; ret: number; alarmId?: number | undefined } },
  ): Promise<AlarmDetail> {
    const alarm = await alarmOfCall(caller, { robotId: input.robotId, ...input.data }, 'sentiment');
    const operation = SENTIMENT_OPERATION_BY_RET[input.data.ret];
    if (!operation) throw new AppError(422, 'validation.invalid');
    return operateOn(caller, alarm, operation, null);
  }

  const muteOf = (
    row: { warningMuteUntil: number | null; sentimentMuteUntil: number | null } | undefined,
  ): AlarmMute => ({
    warningMuteUntil: row?.warningMuteUntil ?? null,
    sentimentMuteUntil: row?.sentimentMuteUntil ?? null,
  });

  async function mute(userId: number): Promise<AlarmMute> {
    return muteOf(await findMute(db, userId));
  }

  /** Mutes one kind of popup for the caller from now; every console of theirs is told. */
  async function muteAlarms(caller: AuthContext, input: { kind: AlarmKind; seconds: number }): Promise<AlarmMute> {
    const until = Date.now() + input.seconds * 1000;
    const row = await saveMute(
      db,
      caller.userId,
      input.kind === 'gun' ? { warningMuteUntil: until } : { sentimentMuteUntil: until },
    );
    const data = muteOf(row);
    await deps.hub.sendToUsers([caller.userId], { type: 'alarmMute', data });
    return data;
  }

  /**
   * The `alarms` topic's first messages: the subscriber's mute state, then the newest alarm of each
   * kind that nobody has handled and that arrived within the escalation time, so an alarm raised
   * while the console was connecting (or reconnecting) still reaches it.
   */
  async function snapshot(tenantId: number, conn: SocketConnection): Promise<SocketServerMessage[]> {
    const messages: SocketServerMessage[] = [{ type: 'alarmMute', data: await mute(conn.userId) }];
    const since = new Date(Date.now() - config.alarmEscalationMs);
    const robotIds = conn.visibleRobots ? [...conn.visibleRobots] : null;
    for (const kind of alarmKinds) {
      const alarm = await newestUnhandled(db, tenantId, kind, since, robotIds);
      if (alarm) messages.push(pushOf(alarm));
    }
    return messages;
  }

  /** Alarms nobody handled in time are marked and their tenant's administrators get a notice. */
  async function sweepEscalations(now = new Date()) {
    const rows = await escalateUnhandled(db, new Date(now.getTime() - config.alarmEscalationMs), now);
    const lang = DEFAULT_LANGUAGE;
    for (const alarm of rows) {
      const admins = await userIdsWithRoleCodes(db, alarm.tenantId, FLEET_WIDE_ROLE_CODES);
      if (admins.length === 0) continue;
      const params = {
        kind: translate(lang, alarm.kind === 'gun' ? 'alarms.kindGun' : 'alarms.kindSentiment'),
        robot: alarm.robotName,
        serial: alarm.serialNumber,
        code: alarm.code,
        msg: alarm.msg,
        seconds: Math.round(config.alarmEscalationMs / 1000),
        alarmId: alarm.id,
      };
      await deps.notices.notify(alarm.tenantId, admins, {
        title: translate(lang, 'alarms.escalatedTitle', params),
        content: translate(lang, 'alarms.escalatedContent', params),
      });
    }
    return rows.length;
  }

  function start() {
    deps.gateway.on('event', onEvent);
    sweep = setInterval(
      () => {
        sweepEscalations().catch((error: unknown) => deps.log.error({ err: error }, 'alarm escalation failed'));
      },
      Math.min(ESCALATION_SWEEP_MS, Math.max(250, Math.floor(config.alarmEscalationMs / 4))),
    );
    sweep.unref();
  }

  function stop() {
    clearInterval(sweep);
  }

  return {
    start,
    stop,
    onEvent,
    page,
    pageGun,
    ofRobotBetween,
    detail,
    image,
    operate,
    gunCommand,
    sentimentCommand,
    mute,
    muteAlarms,
    snapshot,
    sweepEscalations,
  };
}

export type AlarmsService = ReturnType<typeof createAlarmsService>;
