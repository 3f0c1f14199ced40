import { z } from 'zod';
import { pageOf, pageQuery } from './envelope.js';
import { sortQuery } from './sorting.js';
import { keywordFilter, rowId, timeFilterOf } from './fields.js';
import { commandRecord } from './commands.js';

/**
 * Alarms (spec sections 3, 4, 5, 7): robots' `gun` and `sentiment` events, recorded once per
 * message id, pushed to the operators who may see the robot, decided and disposed of.
 */
export const alarmKinds = ['gun', 'sentiment'] as const;
export type AlarmKind = (typeof alarmKinds)[number];

/** Disposal status (spec: disposing, disposal complete). */
export const alarmStatuses = ['disposing', 'complete'] as const;
export type AlarmStatus = (typeof alarmStatuses)[number];

/** The disposal operations of `/data/alarmHandling` (spec section 4). */
export const disposalOperations = ['ignore', 'dispose', 'trackTarget', 'voiceTalk', 'siren', 'complete'] as const;
export type DisposalOperation = (typeof disposalOperations)[number];
/** Every operation recorded on an alarm: the disposal ones and the net-gun permission. */
export const alarmOperations = [...disposalOperations, 'allow', 'reject'] as const;
export type AlarmOperation = (typeof alarmOperations)[number];
/** Operations that end the disposal (the alarm is complete and takes no further operation). */
export const FINAL_OPERATIONS: readonly AlarmOperation[] = ['ignore', 'complete'];

/** The net-gun permission of a gun alarm. */
export const gunDecisions = ['allowed', 'rejected'] as const;
export type GunDecision = (typeof gunDecisions)[number];

/** Mute choices in seconds (spec section 9), besides a custom number of seconds. */
export const MUTE_CHOICES_S = [30, 60, 90, 120] as const;
/** The longest custom mute: a day. */
export const MUTE_MAX_S = 86_400;
/** An alarm nobody handled within this long is escalated (config `ALARM_ESCALATION_MS`). */
export const ALARM_ESCALATION_DEFAULT_MS = 120_000;

/**
 * Custom mute time (spec section 5): present, a number, greater than 0. The keys are the four
 * messages of the spec: please enter time, please enter time greater than 0, please select or
 * enter time, please enter a valid time.
 */
export const muteSeconds = z
  .number({ error: (issue) => (issue.input === undefined ? 'alarms.muteSelectOrEnter' : 'alarms.muteInvalid') })
  .refine((v) => Number.isFinite(v), 'alarms.muteInvalid')
  .refine((v) => v > 0, 'alarms.muteGreaterThanZero')
  .refine((v) => Number.isInteger(v) && v <= MUTE_MAX_S, 'alarms.muteInvalid');

/** One alarm as the lists show it: the record's fields (spec section 3) and where its disposal stands. */
export const alarmRow = z.object({
  alarmId: z.number().int(),
  kind: z.enum(alarmKinds),
  robotId: z.number().int(),
  robotName: z.string(),
  serialNumber: z.string(),
  /** The robot's message id: one record per message id. */
  messageId: z.string(),
  taskId: z.string().nullable(),
  code: z.string(),
  msg: z.string(),
  level: z.number().int(),
  /** When the robot saw it (its event's `ts`), ISO. */
  reportTime: z.string(),
  receiveTime: z.string(),
  /** The event's topic. */
  topic: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** The image's API path (fetched with the session), or null when the event had none. */
  img: z.string().nullable(),
  status: z.enum(alarmStatuses),
  /** The latest operation taken, if any. */
  operationType: z.enum(alarmOperations).nullable(),
  /** Gun alarms: the net-gun permission, null while undecided. */
  gunDecision: z.enum(gunDecisions).nullable(),
  /** Who took the first operation (decided it), and when. */
  handledBy: z.string().nullable(),
  handledTime: z.string().nullable(),
  /** Set when nobody handled it within the escalation time. */
  escalatedTime: z.string().nullable(),
  /** The latest command sent for the alarm: publish time and topic, request id, codes, data, message. */
  publishTime: z.string().nullable(),
  publishTopic: z.string().nullable(),
  requestId: z.string().nullable(),
  syncCode: z.number().int().nullable(),
  asyncCode: z.number().int().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
  message: z.string().nullable(),
});
export type AlarmRow = z.infer<typeof alarmRow>;
export const alarmPage = pageOf(alarmRow);

/** One recorded operation on an alarm. */
export const alarmOperationRow = z.object({
  operation: z.enum(alarmOperations),
  operatorId: z.number().int().nullable(),
  operatorName: z.string().nullable(),
  time: z.string(),
  /** The command it sent, if it was a robot command. */
  commandId: z.string().nullable(),
  comment: z.string().nullable(),
});
export type AlarmOperationRow = z.infer<typeof alarmOperationRow>;

/** An alarm with its operations and the commands sent for it (publish, sync, async). */
export const alarmDetail = alarmRow.extend({
  operations: z.array(alarmOperationRow),
  commands: z.array(commandRecord),
});
export type AlarmDetail = z.infer<typeof alarmDetail>;

const timeFilter = timeFilterOf();

/** A point in time as epoch ms (the push's `data.timestamp`): a whole number up to the year 9999. */
const epochMsValue = z
  .number({ error: 'validation.invalid' })
  .min(0, 'validation.invalid')
  .max(253_402_300_799_999, 'validation.invalid')
  .refine(Number.isInteger, 'validation.invalid');

/** The columns the alarm lists are sorted by on the server. */
export const ALARM_SORT_COLUMNS = ['reportTime', 'receiveTime'] as const;
export type AlarmSortColumn = (typeof ALARM_SORT_COLUMNS)[number];

/** GET notice-server/alarm/page: the alarm handling records. */
export const alarmPageQuery = pageQuery.extend({
  ...sortQuery(ALARM_SORT_COLUMNS),
  robotId: rowId.optional(),
  kind: z.enum(alarmKinds).optional(),
  status: z.enum(alarmStatuses).optional(),
  escalated: z.enum(['true', 'false']).optional(),
  keyword: keywordFilter,
  startTime: timeFilter,
  endTime: timeFilter,
});

/** GET notice-server/gun/page: the net-gun records (gun alarms). `pending` is undecided. */
export const gunPageQuery = pageQuery.extend({
  ...sortQuery(ALARM_SORT_COLUMNS),
  robotId: rowId.optional(),
  decision: z.enum([...gunDecisions, 'pending']).optional(),
  status: z.enum(alarmStatuses).optional(),
  keyword: keywordFilter,
  startTime: timeFilter,
  endTime: timeFilter,
});

export const alarmIdParams = z.object({ alarmId: rowId });

/** POST notice-server/alarm/operate: one disposal operation on an alarm. */
export const operateAlarmRequest = z.object({
  alarmId: rowId,
  operation: z.enum(disposalOperations),
  comment: z.string().trim().max(500, 'validation.invalid').optional(),
});
export type OperateAlarmRequest = z.input<typeof operateAlarmRequest>;

/**
 * POST notice-server/cmd/gun (spec section 7): `{robotId, data: {timestamp, flag}}`. The alarm is
 * the robot's gun alarm reported at `timestamp` (the push's `data.timestamp`); `alarmId` names it
 * exactly when given. `flag` true allows the net gun (one fire authorisation), false rejects it.
 */
export const gunCommandRequest = z.object({
  robotId: rowId,
  data: z.object({
    timestamp: epochMsValue,
    flag: z.boolean(),
    alarmId: rowId.optional(),
  }),
});
export type GunCommandRequest = z.input<typeof gunCommandRequest>;

/**
 * POST notice-server/cmd/sentiment (spec section 7): `{robotId, data: {timestamp, ret}}`; `ret` 4 is
 * "no deal" (ignore); the others are in SENTIMENT_RET.
 */
export const sentimentCommandRequest = z.object({
  robotId: rowId,
  data: z.object({
    timestamp: epochMsValue,
    ret: z.number().int().min(1).max(6),
    alarmId: rowId.optional(),
  }),
});
export type SentimentCommandRequest = z.input<typeof sentimentCommandRequest>;

/** The caller's mute-until times (epoch ms; null when not muted), kept per user on the server. */
export const alarmMute = z.object({
  warningMuteUntil: z.number().int().nullable(),
  sentimentMuteUntil: z.number().int().nullable(),
});
export type AlarmMute = z.infer<typeof alarmMute>;

/** POST notice-server/alarm/mute: mute one kind's popups for N seconds from now. */
export const muteAlarmsRequest = z.object({
  kind: z.enum(alarmKinds),
  seconds: muteSeconds,
});
export type MuteAlarmsRequest = z.input<typeof muteAlarmsRequest>;

/**
 * The alarm push on the console socket (spec section 3: `{type, data: {code, msg, img, timestamp},
 * robotId}`), `type` being the kind. `timestamp` is the report time (epoch ms); `img` the image's
 * API path or null. The rest names the alarm and robot for the popup.
 */
export const alarmPushData = z.object({
  code: z.string(),
  msg: z.string(),
  img: z.string().nullable(),
  timestamp: z.number().int(),
  alarmId: z.number().int(),
  level: z.number().int(),
  robotName: z.string(),
  serialNumber: z.string(),
});
export type AlarmPushData = z.infer<typeof alarmPushData>;

/** Someone handled an alarm (its first operation, a gun decision, or its completion). */
export const alarmHandledData = z.object({
  alarmId: z.number().int(),
  kind: z.enum(alarmKinds),
  robotId: z.number().int(),
  operation: z.enum(alarmOperations),
  operatorId: z.number().int().nullable(),
  operatorName: z.string().nullable(),
  status: z.enum(alarmStatuses),
});
export type AlarmHandledData = z.infer<typeof alarmHandledData>;
