// What other modules may ask of multicast: a robot that moves or is deleted leaves its config.
export { removeRobotsFromConfigs } from './multicast.repository.js';
