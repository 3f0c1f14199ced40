import { DEFAULT_TIME_ZONE, EMBEDDED_VIDEO_TEMPLATES, VIDEO_URL_TEMPLATE_MAX } from '@patrol/contracts';
import { pgTable, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { STATUS, id, timestamps } from '../../db/columns.js';

/** A customer organisation; tenant 1 is the platform tenant whose administrators act across tenants. */
export const tenants = pgTable('tenants', {
  id: id(),
  code: varchar({ length: 64 }).notNull().unique(),
  name: varchar({ length: 100 }).notNull(),
  status: smallint().notNull().default(STATUS.enabled),
  adminPhone: varchar({ length: 32 }),
  adminAccount: varchar({ length: 64 }),
  adminName: varchar({ length: 100 }),
  adminEmail: varchar({ length: 200 }),
  remark: text(),
  /** IANA time zone its schedules are read in. */
  timeZone: varchar({ length: 64 }).notNull().default(DEFAULT_TIME_ZONE),
  /** Video URL templates (docs/video.md); empty: not configured. */
  videoStreamUrl: varchar({ length: VIDEO_URL_TEMPLATE_MAX }).notNull().default(EMBEDDED_VIDEO_TEMPLATES.streamUrl),
  videoHistoryUrl: varchar({ length: VIDEO_URL_TEMPLATE_MAX }).notNull().default(EMBEDDED_VIDEO_TEMPLATES.historyUrl),
  videoFileUrl: varchar({ length: VIDEO_URL_TEMPLATE_MAX }).notNull().default(EMBEDDED_VIDEO_TEMPLATES.fileUrl),
  /** 1: its users see the header's 3D dashboard button (the session flag of spec section 3). */
  dashboard3d: smallint().notNull().default(0),
  ...timestamps(),
});
