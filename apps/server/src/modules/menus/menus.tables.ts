import { type AnyPgColumn, integer, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';
import { STATUS, id, timestamps } from '../../db/columns.js';

/** The console's menu tree, shared by every tenant; `name` is the console's route name. */
export const menus = pgTable('menus', {
  id: id(),
  parentId: integer().references((): AnyPgColumn => menus.id, { onDelete: 'cascade' }),
  name: varchar({ length: 100 }).notNull().unique(),
  path: varchar({ length: 200 }).notNull(),
  icon: varchar({ length: 100 }),
  sort: integer().notNull().default(0),
  /** 1: shown in the side menu; 0: routable but hidden. */
  showFlag: smallint().notNull().default(1),
  status: smallint().notNull().default(STATUS.enabled),
  nameZhCn: varchar({ length: 100 }).notNull(),
  nameZhTw: varchar({ length: 100 }).notNull(),
  nameEnUs: varchar({ length: 100 }).notNull(),
  ...timestamps(),
});
