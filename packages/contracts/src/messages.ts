import { PASSWORD_POLICY, type Language } from './constants.js';
import { tenantsMessages } from './tenants.messages.js';
import { usersMessages } from './users.messages.js';
import { rolesMessages } from './roles.messages.js';
import { menusMessages } from './menus.messages.js';
import { resourcesMessages } from './resources.messages.js';
import { configsMessages } from './configs.messages.js';
import { serversMessages } from './servers.messages.js';
import { exposeMessages } from './expose.messages.js';
import { logsMessages } from './logs.messages.js';
import { operationsMessages } from './operations.messages.js';
import { robotsMessages } from './robots.messages.js';
import { commandsMessages } from './commands.messages.js';
import { multicastMessages } from './multicast.messages.js';
import { alarmsMessages } from './alarms.messages.js';
import { geometryMessages } from './geometry.messages.js';
import { mapsMessages } from './maps.messages.js';
import { stationsMessages } from './stations.messages.js';
import { fencesMessages } from './fences.messages.js';
import { jobsMessages } from './jobs.messages.js';
import { tasksMessages } from './tasks.messages.js';
import { schedulesMessages } from './schedules.messages.js';
import { runsMessages } from './runs.messages.js';
import { tracksMessages } from './tracks.messages.js';
import { videoMessages } from './video.messages.js';
import { voiceMessages } from './voice.messages.js';
import { workOrdersMessages } from './work-orders.messages.js';
import { diagnosticsMessages } from './diagnostics.messages.js';
import { pointCloudsMessages } from './point-clouds.messages.js';
import { dashboardsMessages } from './dashboards.messages.js';

/**
 * Messages that both sides show: API errors (the server localises them by the language header)
 * and validation rules (the console shows them under the field). Every contract message is one of
 * these keys, so a rule fails with the same words in the browser and in the API.
 */
const coreZhCN = {
  errors: {
    badRequest: '请求参数有误',
    unauthorized: '登录信息已过期，请重新登录',
    forbidden: '没有权限执行此操作',
    notFound: '请求的资源不存在',
    conflict: '数据已被修改或已存在',
    validation: '输入内容有误，请检查后重试',
    tooManyRequests: '请求过于频繁，请稍后再试',
    server: '服务器错误，请联系管理员',
    unavailable: '服务暂时不可用，请稍后再试',
    databaseUnavailable: '数据库暂时不可用，请稍后再试',
    messageServiceUnavailable: '消息服务暂时不可用，请稍后再试',
    loginFailed: '账号或密码错误',
    accountLocked: '登录失败次数过多，账号已锁定，请 {{minutes}} 分钟后再试',
    accountDisabled: '账号已停用，请联系管理员',
    oldPasswordWrong: '原密码错误',
    secretLocked: '密码错误次数过多，请 {{minutes}} 分钟后再试',
    samePassword: '新密码不能与原密码相同',
    tenantForbidden: '无权访问该租户',
    socketOriginRefused: '该页面的来源不允许连接控制台的实时通道',
    tenantDisabled: '租户已停用，请联系管理员',
    sessionExpired: '会话已过期',
    networkError: '网络错误，请联系管理员',
    timeout: '请求超时',
    tokenMissing: '缺少 token 参数',
    tenantIdMissing: '缺少租户 ID 参数',
    tenantInfoFailed: '获取租户信息失败',
    verifyFailed: '验证失败',
    contactAdmin: '请联系管理员',
    checkParams: '请检查输入参数',
    routeNotFound: '接口不存在：{{method}} {{url}}',
    bodyNotObject: '请求内容必须是一个 JSON 对象',
    prototypeKey: '请求内容不能包含 __proto__ 或 constructor 字段',
    unstorableValue: '提交的内容含有无法保存的字符或超出范围的数值',
  },
  validation: {
    required: '此项为必填项',
    invalid: '格式不正确',
    outOfRange: '数值超出允许范围',
    nulCharacter: '不能包含空字符（U+0000）',
    accountRequired: '请输入账号',
    accountTooLong: '账号不能超过 {{max}} 个字符',
    passwordRequired: '请输入密码',
    oldPasswordRequired: '请输入原密码',
    newPasswordRequired: '请输入新密码',
    confirmPasswordRequired: '请再次输入新密码',
    passwordLength: '密码长度为 {{min}} 到 {{max}} 位',
    passwordLetter: '密码至少包含一个字母',
    passwordDigitRun: '密码不能包含 {{run}} 位及以上连续递增或递减的数字',
    passwordRepeat: '相同字符不能连续超过 {{max}} 个',
    passwordMismatch: '两次输入的密码不一致',
    passwordHash: '密码摘要格式不正确（应为 64 位小写十六进制 SHA-256 摘要）',
    configKeysRequired: '请指定配置项',
    phoneInvalid: '请输入正确的手机号码',
    emailInvalid: '请输入正确的邮箱地址',
    accountFormat: '账号只能包含字母、数字和 _ . @ -',
    sortUnknown: '该列不支持排序',
    sortOrderInvalid: '排序方向只能是升序或降序',
  },
};

type CoreMessages = typeof coreZhCN;

const coreZhTW: CoreMessages = {
  errors: {
    badRequest: '請求參數有誤',
    unauthorized: '登入資訊已過期，請重新登入',
    forbidden: '沒有權限執行此操作',
    notFound: '請求的資源不存在',
    conflict: '資料已被修改或已存在',
    validation: '輸入內容有誤，請檢查後重試',
    tooManyRequests: '請求過於頻繁，請稍後再試',
    server: '伺服器錯誤，請聯絡管理員',
    unavailable: '服務暫時無法使用，請稍後再試',
    databaseUnavailable: '資料庫暫時無法使用，請稍後再試',
    messageServiceUnavailable: '訊息服務暫時無法使用，請稍後再試',
    loginFailed: '帳號或密碼錯誤',
    accountLocked: '登入失敗次數過多，帳號已鎖定，請 {{minutes}} 分鐘後再試',
    accountDisabled: '帳號已停用，請聯絡管理員',
    oldPasswordWrong: '原密碼錯誤',
    secretLocked: '密碼錯誤次數過多，請 {{minutes}} 分鐘後再試',
    samePassword: '新密碼不能與原密碼相同',
    tenantForbidden: '無權存取該租戶',
    socketOriginRefused: '該頁面的來源不允許連線控制台的即時通道',
    tenantDisabled: '租戶已停用，請聯絡管理員',
    sessionExpired: '工作階段已過期',
    networkError: '網路錯誤，請聯絡管理員',
    timeout: '請求逾時',
    tokenMissing: '缺少 token 參數',
    tenantIdMissing: '缺少租戶 ID 參數',
    tenantInfoFailed: '取得租戶資訊失敗',
    verifyFailed: '驗證失敗',
    contactAdmin: '請聯絡管理員',
    checkParams: '請檢查輸入參數',
    routeNotFound: '介面不存在：{{method}} {{url}}',
    bodyNotObject: '請求內容必須是一個 JSON 物件',
    prototypeKey: '請求內容不能包含 __proto__ 或 constructor 欄位',
    unstorableValue: '提交的內容含有無法儲存的字元或超出範圍的數值',
  },
  validation: {
    required: '此項為必填項',
    invalid: '格式不正確',
    outOfRange: '數值超出允許範圍',
    nulCharacter: '不能包含空字元（U+0000）',
    accountRequired: '請輸入帳號',
    accountTooLong: '帳號不能超過 {{max}} 個字元',
    passwordRequired: '請輸入密碼',
    oldPasswordRequired: '請輸入原密碼',
    newPasswordRequired: '請輸入新密碼',
    confirmPasswordRequired: '請再次輸入新密碼',
    passwordLength: '密碼長度為 {{min}} 到 {{max}} 位',
    passwordLetter: '密碼至少包含一個字母',
    passwordDigitRun: '密碼不能包含 {{run}} 位及以上連續遞增或遞減的數字',
    passwordRepeat: '相同字元不能連續超過 {{max}} 個',
    passwordMismatch: '兩次輸入的密碼不一致',
    passwordHash: '密碼摘要格式不正確（應為 64 位小寫十六進位 SHA-256 摘要）',
    configKeysRequired: '請指定設定項',
    phoneInvalid: '請輸入正確的手機號碼',
    emailInvalid: '請輸入正確的電子郵件地址',
    accountFormat: '帳號只能包含字母、數字和 _ . @ -',
    sortUnknown: '該欄不支援排序',
    sortOrderInvalid: '排序方向只能是升冪或降冪',
  },
};

const coreEnUS: CoreMessages = {
  errors: {
    badRequest: 'The request is not valid',
    unauthorized: 'Your login information has expired, please log in again',
    forbidden: 'You do not have permission to do this',
    notFound: 'The requested resource does not exist',
    conflict: 'The data was changed or already exists',
    validation: 'Some input is not valid, please check and try again',
    tooManyRequests: 'Too many requests, please try again later',
    server: 'Server error, please contact the administrator',
    unavailable: 'The service is unavailable for now, please try again later',
    databaseUnavailable: 'The database is unavailable for now, please try again later',
    messageServiceUnavailable: 'The message service is unavailable for now, please try again later',
    loginFailed: 'Wrong account or password',
    accountLocked: 'Too many failed logins: the account is locked, try again in {{minutes}} minutes',
    accountDisabled: 'This account is disabled, please contact the administrator',
    oldPasswordWrong: 'The old password is wrong',
    secretLocked: 'Too many wrong passwords, try again in {{minutes}} minutes',
    samePassword: 'The new password must differ from the old one',
    tenantForbidden: 'You may not access this tenant',
    socketOriginRefused: 'Pages of this origin may not open the live connection of the console',
    tenantDisabled: 'This tenant is disabled, please contact the administrator',
    sessionExpired: 'Session expired',
    networkError: 'Network error, please contact the administrator',
    timeout: 'Request timeout',
    tokenMissing: 'The token parameter is missing',
    tenantIdMissing: 'The tenant ID parameter is missing',
    tenantInfoFailed: 'Failed to get tenant information',
    verifyFailed: 'Verification failed',
    contactAdmin: 'Please contact the administrator',
    checkParams: 'Please check the input parameters',
    routeNotFound: 'No such API: {{method}} {{url}}',
    bodyNotObject: 'The request body must be a JSON object',
    prototypeKey: 'The request body may not contain __proto__ or constructor keys',
    unstorableValue: 'The request holds a character that cannot be stored or a number out of range',
  },
  validation: {
    required: 'This field is required',
    invalid: 'The format is not valid',
    outOfRange: 'The number is out of range',
    nulCharacter: 'Must not contain a NUL character (U+0000)',
    accountRequired: 'Please enter the account',
    accountTooLong: 'The account may have at most {{max}} characters',
    passwordRequired: 'Please enter the password',
    oldPasswordRequired: 'Please enter the old password',
    newPasswordRequired: 'Please enter the new password',
    confirmPasswordRequired: 'Please enter the new password again',
    passwordLength: 'The password must have {{min}} to {{max}} characters',
    passwordLetter: 'The password must contain at least one letter',
    passwordDigitRun: 'The password must not contain {{run}} or more consecutive ascending or descending digits',
    passwordRepeat: 'No more than {{max}} identical characters in a row',
    passwordMismatch: 'The passwords entered twice do not match',
    passwordHash: 'The password digest is not valid (64 lowercase hex characters of SHA-256 expected)',
    configKeysRequired: 'Please name the config keys',
    phoneInvalid: 'Please enter a valid phone number',
    emailInvalid: 'Please enter a valid email address',
    accountFormat: 'Accounts may hold letters, digits and _ . @ - only',
    sortUnknown: 'This column cannot be sorted',
    sortOrderInvalid: 'The sort order must be ascending or descending',
  },
};

/**
 * Each area keeps its own messages in `<area>.messages.ts` under its own section (`tenants.codeTaken`),
 * so areas never edit each other's texts.
 */
const zhCN = {
  ...coreZhCN,
  tenants: tenantsMessages['zh-CN'],
  users: usersMessages['zh-CN'],
  roles: rolesMessages['zh-CN'],
  menus: menusMessages['zh-CN'],
  resources: resourcesMessages['zh-CN'],
  configs: configsMessages['zh-CN'],
  servers: serversMessages['zh-CN'],
  expose: exposeMessages['zh-CN'],
  logs: logsMessages['zh-CN'],
  operations: operationsMessages['zh-CN'],
  robots: robotsMessages['zh-CN'],
  commands: commandsMessages['zh-CN'],
  multicast: multicastMessages['zh-CN'],
  alarms: alarmsMessages['zh-CN'],
  geometry: geometryMessages['zh-CN'],
  maps: mapsMessages['zh-CN'],
  stations: stationsMessages['zh-CN'],
  fences: fencesMessages['zh-CN'],
  jobs: jobsMessages['zh-CN'],
  tasks: tasksMessages['zh-CN'],
  schedules: schedulesMessages['zh-CN'],
  runs: runsMessages['zh-CN'],
  tracks: tracksMessages['zh-CN'],
  video: videoMessages['zh-CN'],
  voice: voiceMessages['zh-CN'],
  workOrders: workOrdersMessages['zh-CN'],
  diagnostics: diagnosticsMessages['zh-CN'],
  pointClouds: pointCloudsMessages['zh-CN'],
  dashboards: dashboardsMessages['zh-CN'],
};
type Messages = typeof zhCN;

export const messages: Record<Language, Messages> = {
  'zh-CN': zhCN,
  'zh-TW': {
    ...coreZhTW,
    tenants: tenantsMessages['zh-TW'],
    users: usersMessages['zh-TW'],
    roles: rolesMessages['zh-TW'],
    menus: menusMessages['zh-TW'],
    resources: resourcesMessages['zh-TW'],
    configs: configsMessages['zh-TW'],
    servers: serversMessages['zh-TW'],
    expose: exposeMessages['zh-TW'],
    logs: logsMessages['zh-TW'],
    operations: operationsMessages['zh-TW'],
    robots: robotsMessages['zh-TW'],
    commands: commandsMessages['zh-TW'],
    multicast: multicastMessages['zh-TW'],
    alarms: alarmsMessages['zh-TW'],
    geometry: geometryMessages['zh-TW'],
    maps: mapsMessages['zh-TW'],
    stations: stationsMessages['zh-TW'],
    fences: fencesMessages['zh-TW'],
    jobs: jobsMessages['zh-TW'],
    tasks: tasksMessages['zh-TW'],
    schedules: schedulesMessages['zh-TW'],
    runs: runsMessages['zh-TW'],
    tracks: tracksMessages['zh-TW'],
    video: videoMessages['zh-TW'],
    voice: voiceMessages['zh-TW'],
    workOrders: workOrdersMessages['zh-TW'],
    diagnostics: diagnosticsMessages['zh-TW'],
    pointClouds: pointCloudsMessages['zh-TW'],
    dashboards: dashboardsMessages['zh-TW'],
  },
  'en-US': {
    ...coreEnUS,
    tenants: tenantsMessages['en-US'],
    users: usersMessages['en-US'],
    roles: rolesMessages['en-US'],
    menus: menusMessages['en-US'],
    resources: resourcesMessages['en-US'],
    configs: configsMessages['en-US'],
    servers: serversMessages['en-US'],
    expose: exposeMessages['en-US'],
    logs: logsMessages['en-US'],
    operations: operationsMessages['en-US'],
    robots: robotsMessages['en-US'],
    commands: commandsMessages['en-US'],
    multicast: multicastMessages['en-US'],
    alarms: alarmsMessages['en-US'],
    geometry: geometryMessages['en-US'],
    maps: mapsMessages['en-US'],
    stations: stationsMessages['en-US'],
    fences: fencesMessages['en-US'],
    jobs: jobsMessages['en-US'],
    tasks: tasksMessages['en-US'],
    schedules: schedulesMessages['en-US'],
    runs: runsMessages['en-US'],
    tracks: tracksMessages['en-US'],
    video: videoMessages['en-US'],
    voice: voiceMessages['en-US'],
    workOrders: workOrdersMessages['en-US'],
    diagnostics: diagnosticsMessages['en-US'],
    pointClouds: pointCloudsMessages['en-US'],
    dashboards: dashboardsMessages['en-US'],
  },
};

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
/** A key such as `errors.loginFailed` or `validation.passwordLetter`. */
export type MessageKey = Leaves<Messages>;

/** Parameters that go with a message key, e.g. the numbers of the password rule. */
export const messageParams: Partial<Record<MessageKey, Record<string, string | number>>> = {
  'validation.passwordLength': { min: PASSWORD_POLICY.minLength, max: PASSWORD_POLICY.maxLength },
  'validation.passwordDigitRun': { run: PASSWORD_POLICY.forbiddenDigitRun },
  'validation.passwordRepeat': { max: PASSWORD_POLICY.maxRepeat },
};

/** Translates a message key for a language, filling `{{name}}` from params; unknown keys come back as they are. */
export function translate(lang: Language, key: string, params: Record<string, string | number> = {}): string {
  let node: unknown = messages[lang];
  for (const part of key.split('.')) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== 'string') return key;
  const all = { ...messageParams[key as MessageKey], ...params };
  return node.replace(/\{\{(\w+)\}\}/g, (m, name: string) => (name in all ? String(all[name]) : m));
}
