import { z } from 'zod';
import { defineRoute, SESSION_ERRORS } from './api.js';
import {
  diagnosticsCodeStatus,
  diagnosticsQuery,
  diagnosticsReport,
  setDiagnosticsCodeRequest,
} from './diagnostics.js';

const BASE = '/system-server/diagnostics';

/** The diagnostics routes (the /debug page and its code), below `/api`. */
export const diagnosticsApi = {
  getDiagnostics: defineRoute({
    method: 'GET',
    path: BASE,
    operationId: 'getDiagnostics',
    summary: 'Versions, server instances, uptime and memory, for the holder of the diagnostics code',
    description:
      'Answers 404 when no code is set, when the code is missing, wrong or expired (401 stays the sign of a session that is over, 403 of a route the role lacks); 429 after too many wrong codes.',
    tags: ['diagnostics'],
    access: 'session',
    query: diagnosticsQuery,
    data: diagnosticsReport,
    errors: [...SESSION_ERRORS, 404, 429],
  }),
  getDiagnosticsCode: defineRoute({
    method: 'GET',
    path: `${BASE}/code`,
    operationId: 'getDiagnosticsCode',
    summary: 'Whether a diagnostics code is set, by whom and until when',
    tags: ['diagnostics'],
    access: 'platform',
    data: diagnosticsCodeStatus,
    errors: SESSION_ERRORS,
  }),
  setDiagnosticsCode: defineRoute({
    method: 'POST',
    path: `${BASE}/code/set`,
    operationId: 'setDiagnosticsCode',
    summary: 'Set the code that opens the diagnostics page, with an optional expiry',
    tags: ['diagnostics'],
    access: 'platform',
    body: setDiagnosticsCodeRequest,
    data: diagnosticsCodeStatus,
    errors: SESSION_ERRORS,
  }),
  clearDiagnosticsCode: defineRoute({
    method: 'POST',
    path: `${BASE}/code/clear`,
    operationId: 'clearDiagnosticsCode',
    summary: 'Clear the diagnostics code: the diagnostics page opens for nobody',
    tags: ['diagnostics'],
    access: 'platform',
    data: z.null(),
    errors: SESSION_ERRORS,
  }),
};
