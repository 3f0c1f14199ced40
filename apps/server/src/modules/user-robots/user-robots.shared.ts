// What other modules may ask of robot assignments: a robot that moves or is deleted loses them.
export { removeAssignmentsOfRobots } from './user-robots.repository.js';
