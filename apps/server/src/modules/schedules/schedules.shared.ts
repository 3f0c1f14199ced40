// What other modules may ask of schedules besides the service: the schedules of a task (a task in
// use by a schedule is not deleted).
export { schedulesOfTask } from './schedules.repository.js';
