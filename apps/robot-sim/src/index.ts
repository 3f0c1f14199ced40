export { SimRobot, ACTION_MS, SYNC_DELAY_MS, type SimRobotOptions } from './robot.js';
export { startFleet, type Fleet, type FleetOptions } from './fleet.js';
export { makeRoute, advance, type LatLng, type Route } from './route.js';
export { ConsoleApi } from './console-api.js';
