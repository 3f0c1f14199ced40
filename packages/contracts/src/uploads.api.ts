import { defineRoute, SESSION_ERRORS } from './api.js';
import { uploadPageQuery, uploadRecordPage } from './commands.js';

/** The uploads routes of the API, below `/api`. */
export const uploadsApi = {
  pageUploadRecords: defineRoute({
    method: 'GET',
    path: '/robot-server/upload/page',
    operationId: 'pageUploadRecords',
    summary: 'Data upload records that robots reported',
    tags: ['uploads'],
    access: 'grant',
    query: uploadPageQuery,
    data: uploadRecordPage,
    errors: SESSION_ERRORS,
  }),
  exportUploadRecords: defineRoute({
    method: 'GET',
    path: '/robot-server/upload/export',
    operationId: 'exportUploadRecords',
    summary: 'The filtered data upload records as a spreadsheet (at most 10,000 rows)',
    tags: ['uploads'],
    access: 'grant',
    query: uploadPageQuery,
    envelope: 'file',
    errors: SESSION_ERRORS,
  }),
};
