import { defineRoute, SESSION_ERRORS } from './api.js';
import { serverList } from './servers.js';

/** The servers routes of the API, below `/api`. */
export const serversApi = {
  listServers: defineRoute({
    method: 'GET',
    path: '/system-server/server/list',
    operationId: 'listServers',
    summary: 'Running server instances, the parts they depend on, their health, version and uptime',
    tags: ['servers'],
    access: 'platform',
    data: serverList,
    errors: SESSION_ERRORS,
  }),
};
