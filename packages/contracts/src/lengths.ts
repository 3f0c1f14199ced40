import { MULTICAST_NAME } from './constants.js';
import { messageParams } from './messages.js';

/**
 * The longest text each field may hold. One number serves the contract's rule, its message
 * (`{{max}}`), the console's input (`maxLength`) and the database column (`varchar(n)`); a server
 * test holds every column to it.
 */
export const TEXT_MAX = {
  account: 64,
  username: 100,
  nickname: 100,
  idNumber: 32,
  phone: 32,
  email: 200,
  roleName: 100,
  roleCode: 64,
  roleRemark: 500,
  menuName: 100,
  menuPath: 200,
  menuIcon: 100,
  menuTitle: 100,
  robotName: 50,
  productId: 64,
  serialNumber: 64,
  multicastName: MULTICAST_NAME.max,
  /** The longest written IPv6 address (with an embedded IPv4 one). */
  multicastIp: 45,
  tenantCode: 64,
  tenantName: 100,
  tenantAdminName: 100,
  tenantRemark: 500,
  exposeName: 64,
  exposeAccount: 64,
  /** Typed in clear, stored as a hash: no column holds it. */
  exposePassword: 64,
  configKey: 100,
  stationName: 50,
  fenceName: 50,
  fenceDescription: 500,
  jobName: 50,
  jobDescription: 500,
  /** Trigger and action names. */
  jobLabel: 50,
  jobGuide: 200,
  jobSpeaker: 500,
  taskName: 50,
  taskDescription: 500,
  /** A tenant's video URL templates. */
  videoUrlTemplate: 500,
  configValue: 10_000,
  /** The free-text search of every list. */
  keyword: 100,
} as const;
export type TextField = keyof typeof TEXT_MAX;

const tooLong: Record<string, number> = {
  'validation.accountTooLong': TEXT_MAX.account,
  'users.usernameTooLong': TEXT_MAX.username,
  'users.nicknameTooLong': TEXT_MAX.nickname,
  'roles.nameTooLong': TEXT_MAX.roleName,
  'roles.codeTooLong': TEXT_MAX.roleCode,
  'roles.remarkTooLong': TEXT_MAX.roleRemark,
  'menus.titleTooLong': TEXT_MAX.menuTitle,
  'robots.nameTooLong': TEXT_MAX.robotName,
  'tenants.codeTooLong': TEXT_MAX.tenantCode,
  'tenants.nameTooLong': TEXT_MAX.tenantName,
  'tenants.adminNameTooLong': TEXT_MAX.tenantAdminName,
  'tenants.remarkTooLong': TEXT_MAX.tenantRemark,
  'expose.nameTooLong': TEXT_MAX.exposeName,
  'expose.accountTooLong': TEXT_MAX.exposeAccount,
  'configs.valueTooLong': TEXT_MAX.configValue,
  'stations.nameTooLong': TEXT_MAX.stationName,
  'fences.nameTooLong': TEXT_MAX.fenceName,
  'fences.descriptionTooLong': TEXT_MAX.fenceDescription,
  'jobs.nameTooLong': TEXT_MAX.jobName,
  'jobs.descriptionTooLong': TEXT_MAX.jobDescription,
  'jobs.labelTooLong': TEXT_MAX.jobLabel,
  'jobs.guideTooLong': TEXT_MAX.jobGuide,
  'jobs.speakerTooLong': TEXT_MAX.jobSpeaker,
  'tasks.nameTooLong': TEXT_MAX.taskName,
  'tasks.descriptionTooLong': TEXT_MAX.taskDescription,
  'video.templateTooLong': TEXT_MAX.videoUrlTemplate,
  // Format rules that name their longest length too.
  'menus.nameInvalid': TEXT_MAX.menuName,
  'robots.productIdFormat': TEXT_MAX.productId,
  'robots.serialFormat': TEXT_MAX.serialNumber,
};
for (const [key, max] of Object.entries(tooLong)) {
  (messageParams as Record<string, Record<string, number>>)[key] = { max };
}
