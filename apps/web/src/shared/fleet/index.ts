export { LIVE_PATH, fleetKey, mergeFleet, useCommandProgress, useFleet } from './use-fleet';
export { PresenceTag } from './presence-tag';
