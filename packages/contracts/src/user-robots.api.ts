import { defineRoute, SESSION_ERRORS } from './api.js';
import { assignRobotsRequest, userRobotIds, userRobotsQuery, userRobotsUsers } from './user-robots.js';

/** The user-robots routes of the API, below `/api`. */
export const userRobotsApi = {
  listUserRobotUsers: defineRoute({
    method: 'GET',
    path: '/robot-server/user-robot/users',
    operationId: 'listUserRobotUsers',
    summary: "The tenant's users: who sees the whole fleet through a role, and how many robots the others have",
    tags: ['user-robots'],
    access: 'grant',
    data: userRobotsUsers,
    errors: SESSION_ERRORS,
  }),
  listUserRobots: defineRoute({
    method: 'GET',
    path: '/robot-server/user-robot/list',
    operationId: 'listUserRobots',
    summary: 'The robots assigned to a user',
    tags: ['user-robots'],
    access: 'grant',
    query: userRobotsQuery,
    data: userRobotIds,
    errors: [...SESSION_ERRORS, 404],
  }),
  assignUserRobots: defineRoute({
    method: 'POST',
    path: '/robot-server/user-robot/assign',
    operationId: 'assignUserRobots',
    summary: "Set the robots a user may see and control (replaces the user's list)",
    tags: ['user-robots'],
    access: 'grant',
    body: assignRobotsRequest,
    data: userRobotIds,
    errors: [...SESSION_ERRORS, 404],
  }),
};
