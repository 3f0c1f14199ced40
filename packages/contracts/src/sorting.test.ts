import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  COMMAND_REPLY_SORT_COLUMNS,
  COMMAND_SORT_COLUMNS,
  UPLOAD_SORT_COLUMNS,
  commandRecord,
  commandReplyRow,
  uploadRecordRow,
} from './commands.js';
import { CONFIG_SORT_COLUMNS, configRow } from './config.js';
import { LANGUAGES } from './constants.js';
import { EXPOSE_SORT_COLUMNS, exposeRow } from './expose.js';
import { LOGIN_LOG_SORT_COLUMNS, OPERATION_LOG_SORT_COLUMNS, loginLogRow, operationLogRow } from './logs.js';
import { translate } from './messages.js';
import { MULTICAST_SORT_COLUMNS, multicastRow } from './multicast.js';
import { ROBOT_SORT_COLUMNS, robotRow } from './robots.js';
import { ROLE_SORT_COLUMNS, roleRow } from './roles.js';
import { sortQuery } from './sorting.js';
import { TENANT_SORT_COLUMNS, tenantRow } from './tenants.js';
import { USER_SORT_COLUMNS, userRow } from './users.js';

describe('sort fields of a list query', () => {
  const query = z.object(sortQuery(['name', 'createTime']));

  it("take a column the list allows and antd's directions; neither is required", () => {
    expect(query.parse({ sortBy: 'createTime', sortOrder: 'descend' })).toEqual({
      sortBy: 'createTime',
      sortOrder: 'descend',
    });
    expect(query.parse({ sortBy: 'name' })).toEqual({ sortBy: 'name' });
    expect(query.parse({})).toEqual({});
  });

  it('refuse any other column or direction with a message every language has', () => {
    const result = query.safeParse({ sortBy: 'passwordHash', sortOrder: 'up' });
    const issues = result.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['sortBy', 'validation.sortUnknown'],
      ['sortOrder', 'validation.sortOrderInvalid'],
    ]);
    for (const lang of LANGUAGES) {
      for (const [, key] of issues ?? []) expect(translate(lang, key!)).not.toBe(key);
    }
  });

  it("name each list's sort columns after fields of its rows, which the console's columns show", () => {
    const lists = [
      [USER_SORT_COLUMNS, userRow],
      [ROBOT_SORT_COLUMNS, robotRow],
      [TENANT_SORT_COLUMNS, tenantRow],
      [LOGIN_LOG_SORT_COLUMNS, loginLogRow],
      [OPERATION_LOG_SORT_COLUMNS, operationLogRow],
      [ROLE_SORT_COLUMNS, roleRow],
      [CONFIG_SORT_COLUMNS, configRow],
      [EXPOSE_SORT_COLUMNS, exposeRow],
      [MULTICAST_SORT_COLUMNS, multicastRow],
      [COMMAND_SORT_COLUMNS, commandRecord],
      [COMMAND_REPLY_SORT_COLUMNS, commandReplyRow],
      [UPLOAD_SORT_COLUMNS, uploadRecordRow],
    ] as const;
    for (const [columns, row] of lists) {
      for (const column of columns) expect(Object.keys(row.shape)).toContain(column);
    }
  });
});
