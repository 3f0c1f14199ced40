import { z } from 'zod';
import { pageOf } from './envelope.js';
import { idValue, INT4_MAX } from './fields.js';

/** The largest notice type (a `smallint` column). */
const NOTICE_TYPE_MAX = 32_767;

/** GET notice-server/notice/my/page?index=&type=1&read= (15 a page). */
export const noticePageQuery = z.object({
  index: z.coerce.number().int().min(1).max(INT4_MAX, 'validation.outOfRange').default(1),
  type: z.coerce.number().int().min(1).max(NOTICE_TYPE_MAX, 'validation.outOfRange').default(1),
  /** Empty: all; 0 unread; 1 read. */
  read: z
    .union([z.literal(''), z.literal('0'), z.literal('1')])
    .optional()
    .transform((v) => (v === '0' ? false : v === '1' ? true : undefined)),
});

export const notice = z.object({
  noticeId: z.number().int(),
  title: z.string(),
  content: z.string(),
  type: z.number().int(),
  read: z.boolean(),
  createTime: z.string(),
});
export type Notice = z.infer<typeof notice>;

export const noticePage = pageOf(notice);

/** POST notice-server/notice/publish: a system notice to users of the caller's tenant (all when userIds is absent), pushed live as socket type "1". */
export const publishNoticeRequest = z.object({
  title: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(100, 'validation.invalid'),
  content: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(2000, 'validation.invalid'),
  userIds: z.array(idValue).max(1000).optional(),
});
export type PublishNoticeRequest = z.infer<typeof publishNoticeRequest>;

export const publishNoticeResponse = z.object({ count: z.number().int() });
export type PublishNoticeResponse = z.infer<typeof publishNoticeResponse>;

/** POST notice-server/notice/read: marks the caller's own notices read; others' ids are ignored. */
export const markNoticesReadRequest = z.object({
  noticeIds: z.array(idValue).min(1, 'validation.required').max(1000, 'validation.invalid'),
});
export type MarkNoticesReadRequest = z.infer<typeof markNoticesReadRequest>;

export const markNoticesReadResponse = z.object({ count: z.number().int() });

/** POST notice-server/notice/read/all: marks every unread notice of the caller (of one type) read. */
export const markAllNoticesReadRequest = z.object({
  type: z.number().int().min(1).max(NOTICE_TYPE_MAX, 'validation.outOfRange').default(1),
});
export type MarkAllNoticesReadRequest = z.input<typeof markAllNoticesReadRequest>;
