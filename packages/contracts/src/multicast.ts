import { z } from 'zod';
import { pageOf, pageQuery } from './envelope.js';
import { sortQuery } from './sorting.js';
import { keywordFilter, rowId } from './fields.js';
import { TEXT_MAX } from './lengths.js';

/** Ports a multicast config may use: the unprivileged range (spec: "valid port within a range"). */
export const MULTICAST_PORT_MIN = 1024;
export const MULTICAST_PORT_MAX = 65535;

const name = z
  .string({ error: 'multicast.nameRequired' })
  .trim()
  .min(1, { message: 'multicast.nameRequired', abort: true })
  .max(TEXT_MAX.multicastName, 'multicast.nameLength');
const ip = z
  .string({ error: 'multicast.ipRequired' })
  .trim()
  .min(1, { message: 'multicast.ipRequired', abort: true })
  .max(TEXT_MAX.multicastIp, 'multicast.ipInvalid')
  .pipe(z.union([z.ipv4(), z.ipv6()], { error: 'multicast.ipInvalid' }));
const port = z.coerce
  .number({ error: 'multicast.portRequired' })
  .int('multicast.portRange')
  .min(MULTICAST_PORT_MIN, 'multicast.portRange')
  .max(MULTICAST_PORT_MAX, 'multicast.portRange');

const fields = {
  name,
  enabled: z.boolean({ error: 'validation.required' }),
  ip,
  telecontrolPort: port,
  telemetryPort: port,
  videoPort: port,
  /** The robots this config is pushed to; a robot takes part in one config at most. */
  robotIds: z.array(rowId).max(1000, 'validation.invalid'),
};

/** The three ports differ: each stream needs its own. */
const distinctPorts = <T extends { telecontrolPort: number; telemetryPort: number; videoPort: number }>(v: T) =>
  new Set([v.telecontrolPort, v.telemetryPort, v.videoPort]).size === 3;
const PORT_FIELDS: PropertyKey[] = ['telecontrolPort', 'telemetryPort', 'videoPort'];
/** Checked as soon as the ports themselves are valid, whatever else is wrong in the form. */
const distinctPortsCheck = {
  message: 'multicast.portsDistinct',
  path: ['videoPort'],
  when: (payload: { issues: readonly { path?: readonly PropertyKey[] | undefined }[] }) =>
    !payload.issues.some((issue) => PORT_FIELDS.includes(issue.path?.[0] ?? '')),
};

/** The form of the multicast config page, and POST robot-server/multicast/create. */
export const multicastForm = z.object(fields).refine(distinctPorts, distinctPortsCheck);
export const createMulticastRequest = multicastForm;
export type CreateMulticastRequest = z.input<typeof createMulticastRequest>;
export const updateMulticastRequest = z
  .object({ multicastId: rowId, ...fields })
  .refine(distinctPorts, distinctPortsCheck);
export type UpdateMulticastRequest = z.input<typeof updateMulticastRequest>;
export const multicastIdRequest = z.object({ multicastId: rowId });

/** The columns the multicast configs list is sorted by on the server. */
export const MULTICAST_SORT_COLUMNS = ['name', 'ip', 'updateTime'] as const;
export type MulticastSortColumn = (typeof MULTICAST_SORT_COLUMNS)[number];

/** GET robot-server/multicast/page */
export const multicastPageQuery = pageQuery.extend({ keyword: keywordFilter, ...sortQuery(MULTICAST_SORT_COLUMNS) });

export const multicastRow = z.object({
  multicastId: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  ip: z.string(),
  telecontrolPort: z.number().int(),
  telemetryPort: z.number().int(),
  videoPort: z.number().int(),
  robots: z.array(z.object({ robotId: z.number().int(), name: z.string(), serialNumber: z.string() })),
  createTime: z.string(),
  updateTime: z.string(),
});
export type MulticastRow = z.infer<typeof multicastRow>;
export const multicastPage = pageOf(multicastRow);
