import type { AreaMessages } from './area-messages.js';

const zhCN = {
  nameRequired: '请输入角色名称',
  nameTooLong: '角色名称不能超过 {{max}} 个字符',
  codeRequired: '请输入角色编码',
  codeTooLong: '角色编码不能超过 {{max}} 个字符',
  codeFormat: '角色编码以字母开头，只能包含字母、数字、_ 和 -',
  codeTaken: '角色编码已存在',
  remarkTooLong: '备注不能超过 {{max}} 个字符',
  adminReadOnly: '平台管理员角色不能修改编码、权限，也不能删除',
  inUse: '还有 {{count}} 个用户持有该角色，请先调整这些用户的角色',
  grantUnknown: '所选的菜单或资源不存在，或无需授权',
  platformOnly: '平台专属的菜单和接口只能授予平台租户的角色',
  grantBeyondOwn: '只能授予或收回自己拥有的菜单和资源',
  adminCodeOnly: '只有租户管理员或平台管理员才能使用或修改管理员角色的编码',
};

/** Error and validation texts of the roles area, as keys `roles.<name>`. */
export const rolesMessages: AreaMessages<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-TW': {
    nameRequired: '請輸入角色名稱',
    nameTooLong: '角色名稱不能超過 {{max}} 個字元',
    codeRequired: '請輸入角色編碼',
    codeTooLong: '角色編碼不能超過 {{max}} 個字元',
    codeFormat: '角色編碼以字母開頭，只能包含字母、數字、_ 和 -',
    codeTaken: '角色編碼已存在',
    remarkTooLong: '備註不能超過 {{max}} 個字元',
    adminReadOnly: '平台管理員角色不能修改編碼、權限，也不能刪除',
    inUse: '還有 {{count}} 個使用者持有該角色，請先調整這些使用者的角色',
    grantUnknown: '所選的選單或資源不存在，或無需授權',
    platformOnly: '平台專屬的選單和介面只能授予平台租戶的角色',
    grantBeyondOwn: '只能授予或收回自己擁有的選單和資源',
    adminCodeOnly: '只有租戶管理員或平台管理員才能使用或修改管理員角色的編碼',
  },
  'en-US': {
    nameRequired: 'Please enter the role name',
    nameTooLong: 'The role name is at most {{max}} characters',
    codeRequired: 'Please enter the role code',
    codeTooLong: 'The role code is at most {{max}} characters',
    codeFormat: 'Role codes start with a letter and hold letters, digits, _ and - only',
    codeTaken: 'This role code is already taken',
    remarkTooLong: 'The remark is at most {{max}} characters',
    adminReadOnly: "The platform administrators' role keeps its code and grants and cannot be deleted",
    inUse: '{{count}} users still hold this role; change their roles first',
    grantUnknown: 'A chosen menu or resource does not exist or needs no grant',
    platformOnly: "The platform's own menus and routes can only be given to roles of the platform tenant",
    grantBeyondOwn: 'You can only give or take menus and resources that you hold yourself',
    adminCodeOnly:
      'Only a tenant administrator or the platform administrator can use or change an administrator role code',
  },
};
