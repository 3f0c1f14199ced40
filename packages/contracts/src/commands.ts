import { z } from 'zod';
import { pageOf, pageQuery } from './envelope.js';
import { sortQuery } from './sorting.js';
import { keywordFilter, rowId, timeFilterOf } from './fields.js';
import { commandBody, commandNames } from './protocol.js';

/** How long a command from the console stays valid; the robot refuses it after this. */
export const COMMAND_TTL_MS = 30_000;

/** Where a command stands, as the control page and the records show it. */
export const commandStatuses = ['sent', 'acknowledged', 'done', 'failed', 'refused', 'expired', 'noResult'] as const;
export type CommandStatus = (typeof commandStatuses)[number];
/**
 * Statuses after which nothing changes any more. `noResult`: the robot accepted the command but sent
 * no result within COMMAND_RESULT_TIMEOUT_MS of accepting it (it may have restarted or crashed).
 */
export const FINAL_COMMAND_STATUSES: readonly CommandStatus[] = ['done', 'failed', 'refused', 'expired', 'noResult'];

/**
 * How long after accepting a command a robot may take to send its result; past it the command is
 * closed as `noResult`. Generous: a return to base or a patrol leg takes minutes.
 */
export const COMMAND_RESULT_TIMEOUT_MS = 15 * 60_000;

/**
 * How long a robot remembers a command's id and the replies it sent for it: a command that arrives
 * again within this long (the console re-sends each unfinished command when it regains its broker)
 * is answered with those replies and never carried out twice.
 */
export const COMMAND_MEMORY_MS = COMMAND_RESULT_TIMEOUT_MS + COMMAND_TTL_MS;

/**
 * POST robot-server/cmd/send. Net gun and tripwire fire need `confirm: true`, which the console sets
 * only after the operator confirms in a dialog.
 */
export const sendCommandRequest = z.object({
  robotId: rowId,
  command: commandBody,
  confirm: z.boolean().optional(),
});
export type SendCommandRequest = z.input<typeof sendCommandRequest>;

export const commandRecord = z.object({
  recordId: z.number().int(),
  /** The request id on the wire. */
  commandId: z.string(),
  robotId: z.number().int(),
  robotName: z.string(),
  serialNumber: z.string(),
  topic: z.string(),
  name: z.enum(commandNames),
  args: z.record(z.string(), z.unknown()),
  status: z.enum(commandStatuses),
  syncCode: z.number().int().nullable(),
  asyncCode: z.number().int().nullable(),
  message: z.string().nullable(),
  operatorName: z.string().nullable(),
  publishTime: z.string(),
  expireTime: z.string(),
  ackTime: z.string().nullable(),
  doneTime: z.string().nullable(),
});
export type CommandRecord = z.infer<typeof commandRecord>;
export const commandPage = pageOf(commandRecord);

const timeFilter = timeFilterOf();

/** The columns the command dispatch records are sorted by on the server. */
export const COMMAND_SORT_COLUMNS = ['publishTime', 'operatorName'] as const;
export type CommandSortColumn = (typeof COMMAND_SORT_COLUMNS)[number];

/** GET robot-server/cmd/page: the command dispatch records. */
export const commandPageQuery = pageQuery.extend({
  ...sortQuery(COMMAND_SORT_COLUMNS),
  robotId: rowId.optional(),
  name: z.enum(commandNames).optional(),
  status: z.enum(commandStatuses).optional(),
  keyword: keywordFilter,
  startTime: timeFilter,
  endTime: timeFilter,
});

export const commandReplyRow = z.object({
  replyId: z.number().int(),
  commandId: z.string(),
  robotId: z.number().int(),
  robotName: z.string(),
  serialNumber: z.string(),
  topic: z.string(),
  commandName: z.enum(commandNames).nullable(),
  phase: z.enum(['sync', 'async']),
  code: z.number().int(),
  message: z.string().nullable(),
  receiveTime: z.string(),
});
export type CommandReplyRow = z.infer<typeof commandReplyRow>;
export const commandReplyPage = pageOf(commandReplyRow);

/** The columns the command reply records are sorted by on the server. */
export const COMMAND_REPLY_SORT_COLUMNS = ['receiveTime'] as const;
export type CommandReplySortColumn = (typeof COMMAND_REPLY_SORT_COLUMNS)[number];

/** GET robot-server/cmd/reply/page: the command reply records. */
export const commandReplyPageQuery = pageQuery.extend({
  ...sortQuery(COMMAND_REPLY_SORT_COLUMNS),
  robotId: rowId.optional(),
  phase: z.enum(['sync', 'async']).optional(),
  keyword: keywordFilter,
  startTime: timeFilter,
  endTime: timeFilter,
});

export const uploadRecordRow = z.object({
  uploadId: z.number().int(),
  messageId: z.string(),
  robotId: z.number().int(),
  robotName: z.string(),
  serialNumber: z.string(),
  topic: z.string(),
  kind: z.string(),
  name: z.string(),
  size: z.number().int(),
  url: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
  uploadTime: z.string(),
  receiveTime: z.string(),
});
export type UploadRecordRow = z.infer<typeof uploadRecordRow>;
export const uploadRecordPage = pageOf(uploadRecordRow);
/** The columns the data upload records are sorted by on the server. */
export const UPLOAD_SORT_COLUMNS = ['uploadTime', 'receiveTime', 'name', 'size'] as const;
export type UploadSortColumn = (typeof UPLOAD_SORT_COLUMNS)[number];

/** GET robot-server/upload/page: the data upload records. */
export const uploadPageQuery = pageQuery.extend({
  ...sortQuery(UPLOAD_SORT_COLUMNS),
  robotId: rowId.optional(),
  keyword: keywordFilter,
  startTime: timeFilter,
  endTime: timeFilter,
});
