import { defineRoute, SESSION_ERRORS } from './api.js';
import { loginLogPage, loginLogQuery, operationLogPage, operationLogQuery } from './logs.js';

/** The logs routes of the API, below `/api`. */
export const logsApi = {
  pageLoginLogs: defineRoute({
    method: 'GET',
    path: '/log-server/login/page',
    operationId: 'pageLoginLogs',
    summary: "Sign-in attempts of the acting tenant's accounts, newest first",
    tags: ['logs'],
    access: 'grant',
    query: loginLogQuery,
    data: loginLogPage,
    errors: SESSION_ERRORS,
  }),
  exportLoginLogs: defineRoute({
    method: 'GET',
    path: '/log-server/login/export',
    operationId: 'exportLoginLogs',
    summary: 'The filtered login logs as a spreadsheet',
    tags: ['logs'],
    access: 'grant',
    query: loginLogQuery,
    envelope: 'file',
    errors: SESSION_ERRORS,
  }),
  pageOperationLogs: defineRoute({
    method: 'GET',
    path: '/log-server/operation/page',
    operationId: 'pageOperationLogs',
    summary: 'Operations done in the acting tenant, newest first',
    tags: ['logs'],
    access: 'grant',
    query: operationLogQuery,
    data: operationLogPage,
    errors: SESSION_ERRORS,
  }),
  exportOperationLogs: defineRoute({
    method: 'GET',
    path: '/log-server/operation/export',
    operationId: 'exportOperationLogs',
    summary: 'The filtered operation logs as a spreadsheet',
    tags: ['logs'],
    access: 'grant',
    query: operationLogQuery,
    envelope: 'file',
    errors: SESSION_ERRORS,
  }),
};
