import { defineRoute, SESSION_ERRORS } from './api.js';
import { resourceList } from './resources.js';

/** The resources routes of the API, below `/api`. */
export const resourcesApi = {
  listResources: defineRoute({
    method: 'GET',
    path: '/system-server/resource/list',
    operationId: 'listResources',
    summary: 'List the API resources (route and method) that roles can be granted',
    tags: ['resources'],
    access: 'grant',
    data: resourceList,
    errors: SESSION_ERRORS,
  }),
};
