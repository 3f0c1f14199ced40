import { defineRoute, SESSION_ERRORS } from './api.js';
import {
  markAllNoticesReadRequest,
  markNoticesReadRequest,
  markNoticesReadResponse,
  noticePage,
  noticePageQuery,
  publishNoticeRequest,
  publishNoticeResponse,
} from './notices.js';

/** The notices routes of the API, below `/api`. */
export const noticesApi = {
  pageMyNotices: defineRoute({
    method: 'GET',
    path: '/notice-server/notice/my/page',
    operationId: 'pageMyNotices',
    summary: "One page (15) of the caller's notices in the acting tenant, newest first",
    tags: ['notices'],
    access: 'session',
    query: noticePageQuery,
    data: noticePage,
    errors: SESSION_ERRORS,
  }),
  publishNotice: defineRoute({
    method: 'POST',
    path: '/notice-server/notice/publish',
    operationId: 'publishNotice',
    summary: 'Send a system notice to users of the acting tenant (all when userIds is absent)',
    tags: ['notices'],
    access: 'grant',
    body: publishNoticeRequest,
    data: publishNoticeResponse,
    errors: [...SESSION_ERRORS, 404],
  }),
  markNoticesRead: defineRoute({
    method: 'POST',
    path: '/notice-server/notice/read',
    operationId: 'markNoticesRead',
    summary: "Mark some of the caller's own notices read",
    tags: ['notices'],
    access: 'session',
    body: markNoticesReadRequest,
    data: markNoticesReadResponse,
    errors: SESSION_ERRORS,
  }),
  markAllNoticesRead: defineRoute({
    method: 'POST',
    path: '/notice-server/notice/read/all',
    operationId: 'markAllNoticesRead',
    summary: 'Mark every unread notice of the caller in the acting tenant read',
    tags: ['notices'],
    access: 'session',
    body: markAllNoticesReadRequest,
    data: markNoticesReadResponse,
    errors: SESSION_ERRORS,
  }),
};
