import type { AreaMessages } from './area-messages.js';

const zhCN = {
  nameRequired: '请输入名称',
  nameTooLong: '名称不能超过 {{max}} 个字符',
  accountRequired: '请输入账号',
  accountTooLong: '账号不能超过 {{max}} 个字符',
  accountFormat: '账号只能包含字母、数字和 _ . @ -',
  accountTaken: '该账号在本租户中已存在',
  passwordRequired: '请输入连接密码',
  passwordLength: '连接密码长度为 8 到 64 位',
  passwordSpaces: '连接密码不能包含空格',
  noChinese: '不能包含中文字符',
  credentialsInvalid: '第三方账号、连接密码或用户不正确',
};

/** Error and validation texts of the expose area, as keys `expose.<name>`. */
export const exposeMessages: AreaMessages<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-TW': {
    nameRequired: '請輸入名稱',
    nameTooLong: '名稱不能超過 {{max}} 個字元',
    accountRequired: '請輸入帳號',
    accountTooLong: '帳號不能超過 {{max}} 個字元',
    accountFormat: '帳號只能包含字母、數字和 _ . @ -',
    accountTaken: '該帳號在本租戶中已存在',
    passwordRequired: '請輸入連線密碼',
    passwordLength: '連線密碼長度為 8 到 64 位',
    passwordSpaces: '連線密碼不能包含空格',
    noChinese: '不能包含中文字元',
    credentialsInvalid: '第三方帳號、連線密碼或使用者不正確',
  },
  'en-US': {
    nameRequired: 'Please enter the name',
    nameTooLong: 'The name is at most {{max}} characters',
    accountRequired: 'Please enter the account',
    accountTooLong: 'The account is at most {{max}} characters',
    accountFormat: 'Accounts may hold letters, digits and _ . @ - only',
    accountTaken: 'This account already exists in the tenant',
    passwordRequired: 'Please enter the connection password',
    passwordLength: 'The connection password is 8 to 64 characters',
    passwordSpaces: 'The connection password cannot hold spaces',
    noChinese: 'Chinese characters are not allowed',
    credentialsInvalid: 'The expose account, connection password or user is not right',
  },
};
