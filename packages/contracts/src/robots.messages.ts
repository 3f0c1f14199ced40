import type { AreaMessages } from './area-messages.js';

const zhCN = {
  productIdRequired: '请输入产品 ID',
  productIdFormat: '产品 ID 只能包含字母、数字和 _ . -，最多 64 个字符',
  serialRequired: '请输入序列号',
  serialFormat: '序列号以字母或数字开头，只能包含字母、数字和 _ . -，最多 64 个字符',
  serialTaken: '该序列号已被登记',
  nameRequired: '请输入机器人名称',
  nameTooLong: '名称不能超过 50 个字符',
  notFound: '机器人不存在',
  chooseRobots: '请选择要迁移的机器人',
  sameTenant: '机器人已在目标租户中',
  targetTenantInvalid: '目标租户不存在或已停用',
};

/** Error and validation texts of the robot registry, as keys `robots.<name>`. */
export const robotsMessages: AreaMessages<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-TW': {
    productIdRequired: '請輸入產品 ID',
    productIdFormat: '產品 ID 只能包含字母、數字和 _ . -，最多 64 個字元',
    serialRequired: '請輸入序號',
    serialFormat: '序號以字母或數字開頭，只能包含字母、數字和 _ . -，最多 64 個字元',
    serialTaken: '該序號已被登記',
    nameRequired: '請輸入機器人名稱',
    nameTooLong: '名稱不能超過 50 個字元',
    notFound: '機器人不存在',
    chooseRobots: '請選擇要遷移的機器人',
    sameTenant: '機器人已在目標租戶中',
    targetTenantInvalid: '目標租戶不存在或已停用',
  },
  'en-US': {
    productIdRequired: 'Please enter the product ID',
    productIdFormat: 'Product IDs hold letters, digits and _ . - only, at most 64 characters',
    serialRequired: 'Please enter the serial number',
    serialFormat:
      'Serial numbers start with a letter or digit and hold letters, digits and _ . - only, at most 64 characters',
    serialTaken: 'This serial number is already registered',
    nameRequired: 'Please enter the robot name',
    nameTooLong: 'The name is at most 50 characters',
    notFound: 'The robot does not exist',
    chooseRobots: 'Choose the robots to move',
    sameTenant: 'The robots are already in the target tenant',
    targetTenantInvalid: 'The target tenant does not exist or is disabled',
  },
};
