import { z } from 'zod';
import { defineRoute, SESSION_ERRORS } from './api.js';
import { loginRequest, loginResponse } from './auth.js';

/** The auth routes of the API, below `/api`. */
export const authApi = {
  login: defineRoute({
    method: 'POST',
    path: '/system-server/auth/login',
    operationId: 'login',
    summary: 'Sign in with an account and the SHA-256 digest of its password; answers a session token',
    description:
      'The account is looked up in the tenant of the `tenant-id` header first; otherwise it must be unique ' +
      'across tenants. 10 failures within 15 minutes from one address lock the account for that address ' +
      'for 15 minutes, twice as long at each further lock (429); 100 from all addresses lock it for ' +
      'addresses that have not signed in to it within 30 days.',
    tags: ['auth'],
    access: 'public',
    body: loginRequest,
    data: loginResponse,
    errors: [401, 403, 429],
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/system-server/auth/logout',
    operationId: 'logout',
    summary: 'End the current session and close its sockets',
    tags: ['auth'],
    access: 'session',
    data: z.null(),
    errors: SESSION_ERRORS,
  }),
};
