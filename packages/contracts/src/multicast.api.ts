import { z } from 'zod';
import { defineRoute, SESSION_ERRORS } from './api.js';
import {
  createMulticastRequest,
  multicastIdRequest,
  multicastPage,
  multicastPageQuery,
  multicastRow,
  updateMulticastRequest,
} from './multicast.js';

/** The multicast routes of the API, below `/api`. */
export const multicastApi = {
  pageMulticastConfigs: defineRoute({
    method: 'GET',
    path: '/robot-server/multicast/page',
    operationId: 'pageMulticastConfigs',
    summary: 'Multicast configs of the tenant with their robots',
    tags: ['multicast'],
    access: 'grant',
    query: multicastPageQuery,
    data: multicastPage,
    errors: SESSION_ERRORS,
  }),
  createMulticastConfig: defineRoute({
    method: 'POST',
    path: '/robot-server/multicast/create',
    operationId: 'createMulticastConfig',
    summary: 'Create a multicast config; it is pushed to its robots',
    tags: ['multicast'],
    access: 'grant',
    body: createMulticastRequest,
    data: multicastRow,
    errors: [...SESSION_ERRORS, 409],
  }),
  updateMulticastConfig: defineRoute({
    method: 'POST',
    path: '/robot-server/multicast/update',
    operationId: 'updateMulticastConfig',
    summary: 'Change a multicast config or its robots; every robot concerned gets the change',
    tags: ['multicast'],
    access: 'grant',
    body: updateMulticastRequest,
    data: multicastRow,
    errors: [...SESSION_ERRORS, 404, 409],
  }),
  deleteMulticastConfig: defineRoute({
    method: 'POST',
    path: '/robot-server/multicast/delete',
    operationId: 'deleteMulticastConfig',
    summary: 'Delete a multicast config; its robots are told they have none',
    tags: ['multicast'],
    access: 'grant',
    body: multicastIdRequest,
    data: z.null(),
    errors: [...SESSION_ERRORS, 404],
  }),
};
