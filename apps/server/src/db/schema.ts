/** Every table of the server, for Drizzle's query builder and drizzle-kit. */
export * from '../modules/tenants/tenants.tables.js';
export * from '../modules/users/users.tables.js';
export * from '../modules/roles/roles.tables.js';
export * from '../modules/menus/menus.tables.js';
export * from '../modules/resources/resources.tables.js';
export * from '../modules/auth/auth.tables.js';
export * from '../modules/configs/configs.tables.js';
export * from '../modules/notices/notices.tables.js';
export * from '../modules/logs/logs.tables.js';
export * from '../modules/expose/expose.tables.js';
export * from '../modules/servers/servers.tables.js';
export * from '../modules/robots/robots.tables.js';
export * from '../modules/commands/commands.tables.js';
export * from '../modules/uploads/uploads.tables.js';
export * from '../modules/user-robots/user-robots.tables.js';
export * from '../modules/multicast/multicast.tables.js';
