// What other modules may ask of robots besides the robots service, which must not be a dependency
// of theirs (it depends on them to clean up after a robot): reads by id, serial or tenant for
// commands, multicast and assignments, and the presence and latest state that monitoring keeps.
export {
  findRobot,
  findRobotById,
  findRobotBySerial,
  findRobotsByIds,
  findTenantRobots,
  insertRobot,
  listAllRobots,
  lockTenantRobots,
  robotIdsOfStation,
  saveLatestStates,
  setRobotOnline,
  setRobotsStation,
  setRobotStoppedForRepair,
  type RobotDbRow,
} from './robots.repository.js';
