import type { AreaMessages } from './area-messages.js';

const zhCN = {
  codeRequired: '请输入诊断码',
  codeLength: '诊断码为 8 到 64 个字符',
  codeFormat: '诊断码不能包含空格',
  validHoursInvalid: '有效期为 1 到 720 小时',
  codeRefused: '诊断码无效或已过期',
};

/** Error and validation texts of the diagnostics area, as message keys `diagnostics.<name>`. */
export const diagnosticsMessages: AreaMessages<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-TW': {
    codeRequired: '請輸入診斷碼',
    codeLength: '診斷碼為 8 到 64 個字元',
    codeFormat: '診斷碼不能包含空格',
    validHoursInvalid: '有效期為 1 到 720 小時',
    codeRefused: '診斷碼無效或已過期',
  },
  'en-US': {
    codeRequired: 'Enter the diagnostics code',
    codeLength: 'The diagnostics code is 8 to 64 characters',
    codeFormat: 'The diagnostics code cannot contain spaces',
    validHoursInvalid: 'The validity is 1 to 720 hours',
    codeRefused: 'The diagnostics code is wrong or has expired',
  },
};
