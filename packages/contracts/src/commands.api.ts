import { defineRoute, SESSION_ERRORS } from './api.js';
import {
  commandPage,
  commandPageQuery,
  commandRecord,
  commandReplyPage,
  commandReplyPageQuery,
  sendCommandRequest,
} from './commands.js';

/** The commands routes of the API, below `/api`. */
export const commandsApi = {
  sendRobotCommand: defineRoute({
    method: 'POST',
    path: '/robot-server/cmd/send',
    operationId: 'sendRobotCommand',
    summary: 'Send a command to a robot (net gun and tripwire fire need confirm: true)',
    description:
      'Recorded, then published once on `patrol/{serial}/cmd` (QoS 1) with a 30 s expiry. The answer is the ' +
      "record with status `sent`; its progress arrives on the console's WebSocket as `{type:'command'}`.",
    tags: ['commands'],
    access: 'grant',
    body: sendCommandRequest,
    data: commandRecord,
    errors: [...SESSION_ERRORS, 404, 409, 503],
  }),
  pageCommandRecords: defineRoute({
    method: 'GET',
    path: '/robot-server/cmd/page',
    operationId: 'pageCommandRecords',
    summary: 'Command dispatch records: publish time, topic, request id, robot, command, codes, operator',
    tags: ['commands'],
    access: 'grant',
    query: commandPageQuery,
    data: commandPage,
    errors: SESSION_ERRORS,
  }),
  exportCommandRecords: defineRoute({
    method: 'GET',
    path: '/robot-server/cmd/export',
    operationId: 'exportCommandRecords',
    summary: 'The filtered command dispatch records as a spreadsheet (at most 10,000 rows)',
    tags: ['commands'],
    access: 'grant',
    query: commandPageQuery,
    envelope: 'file',
    errors: SESSION_ERRORS,
  }),
  pageCommandReplies: defineRoute({
    method: 'GET',
    path: '/robot-server/cmd/reply/page',
    operationId: 'pageCommandReplies',
    summary: 'Command reply records: every sync and async reply robots sent',
    tags: ['commands'],
    access: 'grant',
    query: commandReplyPageQuery,
    data: commandReplyPage,
    errors: SESSION_ERRORS,
  }),
  exportCommandReplies: defineRoute({
    method: 'GET',
    path: '/robot-server/cmd/reply/export',
    operationId: 'exportCommandReplies',
    summary: 'The filtered command reply records as a spreadsheet (at most 10,000 rows)',
    tags: ['commands'],
    access: 'grant',
    query: commandReplyPageQuery,
    envelope: 'file',
    errors: SESSION_ERRORS,
  }),
};
