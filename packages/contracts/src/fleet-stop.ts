import { z } from 'zod';

/**
 * Stop the whole fleet: every robot of the acting tenant that the caller may control gets
 * `fleetStop` (pause its task, hold position, mode `stopped`) and keeps it until `fleetResume`;
 * a robot offline at the time gets it when it reconnects while the stop is in force.
 */
export const fleetStopStatus = z.object({
  /** A stop is in force in the tenant. */
  active: z.boolean(),
  stoppedBy: z.string().nullable(),
  stoppedTime: z.string().nullable(),
  /** Robots the stop holds (sent or waiting for their reconnect). */
  robots: z.number().int(),
  /** Whether the caller may stop and resume (has the grants). */
  mayControl: z.boolean(),
});
export type FleetStopStatus = z.infer<typeof fleetStopStatus>;

/** POST robot-server/fleet/stop and /resume: sent only after the operator confirmed. */
export const fleetStopRequest = z.object({
  confirm: z.literal(true, { error: 'commands.confirmRequired' }),
});
export type FleetStopRequest = z.input<typeof fleetStopRequest>;
