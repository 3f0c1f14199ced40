import { z } from 'zod';
import { defineRoute, SESSION_ERRORS } from './api.js';
import { configListQuery, configListResponse, configPage, configPageQuery, updateConfigRequest } from './config.js';

/** The configs routes of the API, below `/api`. */
export const configsApi = {
  listConfigs: defineRoute({
    method: 'GET',
    path: '/system-server/config/list',
    operationId: 'listConfigs',
    summary: 'Read console settings by key (keys=a,b); data is keyed by key',
    tags: ['configs'],
    access: 'session',
    query: configListQuery,
    data: configListResponse,
    errors: SESSION_ERRORS,
  }),
  pageConfigs: defineRoute({
    method: 'GET',
    path: '/system-server/config/page',
    operationId: 'pageConfigs',
    summary: 'Every console setting with its description (config management)',
    tags: ['configs'],
    access: 'platform',
    query: configPageQuery,
    data: configPage,
    errors: SESSION_ERRORS,
  }),
  updateConfig: defineRoute({
    method: 'POST',
    path: '/system-server/config/update',
    operationId: 'updateConfig',
    summary: "Change a console setting's value, checked by the key's rule",
    tags: ['configs'],
    access: 'platform',
    body: updateConfigRequest,
    data: z.null(),
    errors: [...SESSION_ERRORS, 404],
  }),
};
