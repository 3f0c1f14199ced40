// What other modules may ask of commands: the commands sent to a robot between two times (the playback's timeline).
export { commandsOfRobotBetween } from './commands.repository.js';
