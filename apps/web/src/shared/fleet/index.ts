export {
  applyRobots,
  fleetKey,
  fleetRefusedKey,
  fleetRoot,
  mergeFleet,
  removeRobots,
  useActingTenant,
  useCommandProgress,
  useFleet,
  useFleetRefused,
  useFleetSelect,
  useRobotOptions,
} from './use-fleet';
export { FleetBanner, FleetSync } from './fleet-sync';
export { PresenceTag, StoppedForRepairTag } from './presence-tag';
export { READING_STALE_MS, ReadingAge, isStale, useNow } from './reading-age';
export { RobotFilter } from './robot-filter';
