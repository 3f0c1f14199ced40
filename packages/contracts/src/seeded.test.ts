import { describe, expect, it } from 'vitest';
import { SEEDED_TEXTS, seededText } from './seeded.js';

describe('seeded texts', () => {
  it('show a seeded row in the reader language, whichever language it was seeded in', () => {
    expect(seededText('tenantName', 'platform', '平台租户', 'en-US')).toBe('Platform tenant');
    expect(seededText('roleName', 'admin', '管理员', 'zh-TW')).toBe('管理員');
    expect(seededText('roleName', 'tenantAdmin', 'Tenant administrator', 'zh-CN')).toBe('租户管理员');
    expect(seededText('userName', 'admin', 'Administrator', 'zh-CN')).toBe('系统管理员');
    expect(seededText('roleRemark', 'admin', SEEDED_TEXTS.roleRemark.admin['en-US'], 'zh-CN')).toBe(
      '平台管理员：拥有全部菜单和全部资源',
    );
  });

  it('leave a renamed row, and rows of other codes, as their author wrote them', () => {
    expect(seededText('roleName', 'admin', '值班主管', 'en-US')).toBe('值班主管');
    expect(seededText('roleName', 'night', '管理员', 'en-US')).toBe('管理员');
    expect(seededText('roleRemark', 'admin', null, 'en-US')).toBe('');
    expect(seededText('userName', 'admin', '值班员甲', 'en-US')).toBe('值班员甲');
  });
});
