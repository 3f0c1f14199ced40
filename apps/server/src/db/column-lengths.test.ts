import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { TEXT_MAX, type TextField } from '@patrol/contracts';
import * as schema from './schema.js';

/**
 * Every text column a person types into holds exactly what its contract allows: a longer column
 * would invite data the console refuses to edit, a shorter one a database error in place of the
 * field's message.
 */
const typed: Record<string, Record<string, TextField>> = {
  users: {
    account: 'account',
    username: 'username',
    nickname: 'nickname',
    idNumber: 'idNumber',
    phone: 'phone',
    email: 'email',
  },
  roles: { name: 'roleName', code: 'roleCode', remark: 'roleRemark' },
  menus: {
    name: 'menuName',
    path: 'menuPath',
    icon: 'menuIcon',
    nameZhCn: 'menuTitle',
    nameZhTw: 'menuTitle',
    nameEnUs: 'menuTitle',
  },
  robots: { name: 'robotName', productId: 'productId', serialNumber: 'serialNumber' },
  multicast_configs: { name: 'multicastName', ip: 'multicastIp' },
  tenants: {
    code: 'tenantCode',
    name: 'tenantName',
    adminPhone: 'phone',
    adminAccount: 'account',
    adminName: 'tenantAdminName',
    adminEmail: 'email',
    videoStreamUrl: 'videoUrlTemplate',
    videoHistoryUrl: 'videoUrlTemplate',
    videoFileUrl: 'videoUrlTemplate',
  },
  expose_accounts: { name: 'exposeName', account: 'exposeAccount' },
  configs: { key: 'configKey' },
  stations: { name: 'stationName' },
  fences: { name: 'fenceName', description: 'fenceDescription' },
  jobs: {
    name: 'jobName',
    description: 'jobDescription',
    triggerName: 'jobLabel',
    actionName: 'jobLabel',
    speakerData: 'jobSpeaker',
  },
  tasks: { name: 'taskName', description: 'taskDescription' },
};

/** Text columns nobody types into (digests, enums, descriptions the console writes itself). */
const notTyped = new Set([
  'users.passwordHash',
  'users.gender',
  'expose_accounts.passwordHash',
  'configs.description',
  'fences.kind',
  // Chosen from the runtime's list of IANA zones, not typed.
  'tenants.timeZone',
  'jobs.type',
  'jobs.triggerType',
  'jobs.actionType',
  'tasks.type',
]);

const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

describe('column lengths', () => {
  it('are the contract lengths of the fields typed into them', () => {
    const seen: string[] = [];
    for (const table of tables) {
      const config = getTableConfig(table);
      const fields = typed[config.name];
      if (!fields) continue;
      for (const column of config.columns) {
        if (column.getSQLType().startsWith('varchar') && !notTyped.has(`${config.name}.${column.name}`)) {
          const field = fields[column.name];
          expect(field, `${config.name}.${column.name} has no contract length`).toBeDefined();
          expect(column.getSQLType(), `${config.name}.${column.name}`).toBe(`varchar(${TEXT_MAX[field!]})`);
          seen.push(`${config.name}.${column.name}`);
        }
      }
    }
    // Every column named above exists (a renamed column is not silently skipped).
    expect(seen.sort()).toEqual(
      Object.entries(typed)
        .flatMap(([table, columns]) => Object.keys(columns).map((column) => `${table}.${column}`))
        .sort(),
    );
  });
});
