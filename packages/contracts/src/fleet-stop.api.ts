import { defineRoute, SESSION_ERRORS } from './api.js';
import { fleetStopRequest, fleetStopStatus } from './fleet-stop.js';

/** The fleet-wide stop's routes of the API, below `/api`. */
export const fleetStopApi = {
  getFleetStop: defineRoute({
    method: 'GET',
    path: '/robot-server/fleet/stop',
    operationId: 'getFleetStop',
    summary: 'Whether a fleet-wide stop is in force in the acting tenant',
    description: "Changes arrive on the console's WebSocket (topic `robots`) as `{type:'fleetStop', data}`.",
    tags: ['fleet-stop'],
    access: 'grant',
    data: fleetStopStatus,
    errors: SESSION_ERRORS,
  }),
  stopFleet: defineRoute({
    method: 'POST',
    path: '/robot-server/fleet/stop',
    operationId: 'stopFleet',
    summary: 'Stop every robot of the tenant the caller may control (confirm: true)',
    tags: ['fleet-stop'],
    access: 'grant',
    body: fleetStopRequest,
    data: fleetStopStatus,
    errors: [...SESSION_ERRORS, 409, 503],
  }),
  resumeFleet: defineRoute({
    method: 'POST',
    path: '/robot-server/fleet/resume',
    operationId: 'resumeFleet',
    summary: 'End the fleet-wide stop: the stopped robots may move again (confirm: true)',
    tags: ['fleet-stop'],
    access: 'grant',
    body: fleetStopRequest,
    data: fleetStopStatus,
    errors: [...SESSION_ERRORS, 409, 503],
  }),
};
