import { z } from 'zod';
import { pageOf, pageQuery } from './envelope.js';
import { sortQuery } from './sorting.js';
import { keywordFilter, rowId } from './fields.js';
import { TEXT_MAX } from './lengths.js';
import { robotTelemetry, SERIAL_PATTERN } from './protocol.js';

/** A product id: letters, digits and `_ . -`, at most 64. */
const productId = z
  .string({ error: 'robots.productIdRequired' })
  .trim()
  .min(1, { message: 'robots.productIdRequired', abort: true })
  .max(TEXT_MAX.productId, 'robots.productIdFormat')
  .regex(/^[A-Za-z0-9_.-]+$/, 'robots.productIdFormat');
const serialNumber = z
  .string({ error: 'robots.serialRequired' })
  .trim()
  .min(1, { message: 'robots.serialRequired', abort: true })
  .max(TEXT_MAX.serialNumber, 'robots.serialFormat')
  .regex(SERIAL_PATTERN, 'robots.serialFormat');
const robotName = z
  .string({ error: 'robots.nameRequired' })
  .trim()
  .min(1, { message: 'robots.nameRequired', abort: true })
  .max(TEXT_MAX.robotName, 'robots.nameTooLong');

/** POST robot-server/robot/create: the answer carries the private key, once. */
export const createRobotRequest = z.object({ productId, serialNumber, name: robotName });
export type CreateRobotRequest = z.input<typeof createRobotRequest>;
/** The serial number is the robot's identity on the wire and is not edited. */
export const updateRobotRequest = z.object({ robotId: rowId, productId, name: robotName });
export type UpdateRobotRequest = z.input<typeof updateRobotRequest>;
export const updateRobotForm = z.object({ productId, name: robotName });
export const robotIdRequest = z.object({ robotId: rowId });

/** The columns the robot lists are sorted by on the server. */
export const ROBOT_SORT_COLUMNS = ['name', 'serialNumber', 'productId', 'lastSeenTime', 'createTime'] as const;
export type RobotSortColumn = (typeof ROBOT_SORT_COLUMNS)[number];

/** GET robot-server/robot/page */
export const robotPageQuery = pageQuery.extend({
  ...sortQuery(ROBOT_SORT_COLUMNS),
  keyword: keywordFilter,
  online: z
    .enum(['0', '1'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === '1')),
  /** Only the robots of this station. */
  stationId: rowId.optional(),
});

export const robotRow = z.object({
  robotId: z.number().int(),
  productId: z.string(),
  serialNumber: z.string(),
  name: z.string(),
  /** SPKI PEM of the Ed25519 public key. */
  publicKey: z.string(),
  keyVersion: z.number().int(),
  online: z.boolean(),
  lastSeenTime: z.string().nullable(),
  /** The station the robot belongs to (its fences are the robot's), or null. */
  stationId: z.number().int().nullable(),
  stationName: z.string().nullable(),
  /** Out of service: an open work order says "stopped for repair"; runs are not dispatched to it. */
  stoppedForRepair: z.boolean(),
  createTime: z.string(),
});
export type RobotRow = z.infer<typeof robotRow>;
export const robotPage = pageOf(robotRow);

/** Creation and key rotation: the new private key (PKCS#8 PEM), shown once and never kept by the server. */
export const robotKeyResponse = z.object({ robot: robotRow, privateKey: z.string() });
export type RobotKeyResponse = z.infer<typeof robotKeyResponse>;

/** A robot as the map and the control page see it: identity, presence and the latest telemetry. */
export const robotLive = z.object({
  robotId: z.number().int(),
  serialNumber: z.string(),
  name: z.string(),
  online: z.boolean(),
  lastSeenTime: z.string().nullable(),
  /** Out of service: an open work order says "stopped for repair". */
  stoppedForRepair: z.boolean(),
  state: robotTelemetry.nullable(),
  /**
   * True while the server has lost its broker: `online` is then only the last presence known, not
   * the robot's now, and the console shows it as unknown until the broker is back.
   */
  presenceUnknown: z.boolean().optional(),
});
export type RobotLive = z.infer<typeof robotLive>;
/** GET robot-server/robot/live: every robot the caller may see. */
export const robotLiveList = z.array(robotLive);

/** The most robots one migration moves. */
export const MAX_MOVED_ROBOTS = 500;

/** GET robot-server/robot/move/page (platform): the robots of any tenant, to choose what to move. */
export const moveRobotPageQuery = robotPageQuery.extend({ tenantId: rowId });

/**
 * POST robot-server/robot/move (platform): robots go to another tenant. Their records (commands,
 * replies, uploads) stay with the tenant that recorded them; their user assignments and multicast
 * associations are dropped, since those belong to the old tenant.
 */
export const moveRobotsRequest = z.object({
  robotIds: z.array(rowId).min(1, 'robots.chooseRobots').max(MAX_MOVED_ROBOTS, 'validation.invalid'),
  targetTenantId: rowId,
});
export type MoveRobotsRequest = z.input<typeof moveRobotsRequest>;
export const moveRobotsResponse = z.object({ moved: z.number().int() });
