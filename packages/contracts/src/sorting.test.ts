import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LANGUAGES } from './constants.js';
import { LOGIN_LOG_SORT_COLUMNS, OPERATION_LOG_SORT_COLUMNS, loginLogRow, operationLogRow } from './logs.js';
import { translate } from './messages.js';
import { ROBOT_SORT_COLUMNS, robotRow } from './robots.js';
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
    ] as const;
    for (const [columns, row] of lists) {
      for (const column of columns) expect(Object.keys(row.shape)).toContain(column);
    }
  });
});
