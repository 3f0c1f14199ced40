import { index, integer, pgTable, primaryKey, smallint, unique, varchar } from 'drizzle-orm/pg-core';
import { STATUS, id, timestamps } from '../../db/columns.js';
import { menus } from '../menus/menus.tables.js';
import { resources } from '../resources/resources.tables.js';
import { tenants } from '../tenants/tenants.tables.js';
import { users } from '../users/users.tables.js';

/** A named set of menus (what the console shows) and resources (what the API allows), per tenant. */
export const roles = pgTable(
  'roles',
  {
    id: id(),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    name: varchar({ length: 100 }).notNull(),
    code: varchar({ length: 64 }).notNull(),
    remark: varchar({ length: 500 }),
    status: smallint().notNull().default(STATUS.enabled),
    ...timestamps(),
  },
  (t) => [unique('roles_tenant_code_unique').on(t.tenantId, t.code)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: integer()
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

export const roleResources = pgTable(
  'role_resources',
  {
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    resourceId: integer()
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.resourceId] }), index('role_resources_resource_idx').on(t.resourceId)],
);
