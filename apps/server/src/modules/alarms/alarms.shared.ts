// What other modules may ask of alarms: a robot's alarms between two times (the playback's timeline).
export { alarmsOfRobotBetween } from './alarms.repository.js';
