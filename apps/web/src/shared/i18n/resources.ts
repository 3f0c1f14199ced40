import { messages } from '@patrol/contracts/plain';
import type { Language } from '@patrol/contracts';
import type CommonTexts from '@/locales/zh-CN/common.json';
import type LayoutTexts from '@/locales/zh-CN/layout.json';
import type AuthTexts from '@/locales/zh-CN/auth.json';
import type HomeTexts from '@/locales/zh-CN/home.json';
import type NoticesTexts from '@/locales/zh-CN/notices.json';
import type ErrorsTexts from '@/locales/zh-CN/errors.json';
import type PlaceholderTexts from '@/locales/zh-CN/placeholder.json';
import type TenantsTexts from '@/locales/zh-CN/tenants.json';
import type UsersTexts from '@/locales/zh-CN/users.json';
import type RolesTexts from '@/locales/zh-CN/roles.json';
import type MenusTexts from '@/locales/zh-CN/menus.json';
import type ResourcesTexts from '@/locales/zh-CN/resources.json';
import type ConfigsTexts from '@/locales/zh-CN/configs.json';
import type ServersTexts from '@/locales/zh-CN/servers.json';
import type ExposeTexts from '@/locales/zh-CN/expose.json';
import type LogsTexts from '@/locales/zh-CN/logs.json';
import type RobotsTexts from '@/locales/zh-CN/robots.json';
import type MonitoringTexts from '@/locales/zh-CN/monitoring.json';
import type CommandsTexts from '@/locales/zh-CN/commands.json';
import type UploadsTexts from '@/locales/zh-CN/uploads.json';
import type MulticastTexts from '@/locales/zh-CN/multicast.json';
import type UserRobotsTexts from '@/locales/zh-CN/user-robots.json';
import type FleetStopTexts from '@/locales/zh-CN/fleet-stop.json';
import type AlarmsTexts from '@/locales/zh-CN/alarms.json';
import type StationsTexts from '@/locales/zh-CN/stations.json';
import type FencesTexts from '@/locales/zh-CN/fences.json';
import type SchedulesTexts from '@/locales/zh-CN/schedules.json';
import type JobsTexts from '@/locales/zh-CN/jobs.json';
import type TasksTexts from '@/locales/zh-CN/tasks.json';
import type RunsTexts from '@/locales/zh-CN/runs.json';
import type TracksTexts from '@/locales/zh-CN/tracks.json';
import type VideoTexts from '@/locales/zh-CN/video.json';
import type VoiceTexts from '@/locales/zh-CN/voice.json';
import type WorkOrdersTexts from '@/locales/zh-CN/work-orders.json';
import type PointCloudsTexts from '@/locales/zh-CN/point-clouds.json';
import type DiagnosticsTexts from '@/locales/zh-CN/diagnostics.json';
import type DashboardsTexts from '@/locales/zh-CN/dashboards.json';

/**
 * One namespace per area, named like the locale file; `messages` holds the contracts' error and
 * validation texts, so a zod message key such as `validation.passwordLetter` translates here too.
 * Only the types are read here: the texts of a language load when that language is used.
 */
export type Resources = {
  common: typeof CommonTexts;
  layout: typeof LayoutTexts;
  auth: typeof AuthTexts;
  home: typeof HomeTexts;
  notices: typeof NoticesTexts;
  errors: typeof ErrorsTexts;
  placeholder: typeof PlaceholderTexts;
  tenants: typeof TenantsTexts;
  users: typeof UsersTexts;
  roles: typeof RolesTexts;
  menus: typeof MenusTexts;
  resources: typeof ResourcesTexts;
  configs: typeof ConfigsTexts;
  servers: typeof ServersTexts;
  expose: typeof ExposeTexts;
  logs: typeof LogsTexts;
  robots: typeof RobotsTexts;
  monitoring: typeof MonitoringTexts;
  commands: typeof CommandsTexts;
  uploads: typeof UploadsTexts;
  multicast: typeof MulticastTexts;
  'user-robots': typeof UserRobotsTexts;
  'fleet-stop': typeof FleetStopTexts;
  alarms: typeof AlarmsTexts;
  stations: typeof StationsTexts;
  fences: typeof FencesTexts;
  schedules: typeof SchedulesTexts;
  jobs: typeof JobsTexts;
  tasks: typeof TasksTexts;
  runs: typeof RunsTexts;
  tracks: typeof TracksTexts;
  video: typeof VideoTexts;
  voice: typeof VoiceTexts;
  'work-orders': typeof WorkOrdersTexts;
  'point-clouds': typeof PointCloudsTexts;
  diagnostics: typeof DiagnosticsTexts;
  dashboards: typeof DashboardsTexts;
  messages: (typeof messages)['zh-CN'];
};

export type Namespace = keyof Resources;
export const NAMESPACES = [
  'common',
  'layout',
  'auth',
  'home',
  'notices',
  'errors',
  'placeholder',
  'tenants',
  'users',
  'roles',
  'menus',
  'resources',
  'configs',
  'servers',
  'expose',
  'logs',
  'robots',
  'monitoring',
  'commands',
  'uploads',
  'multicast',
  'user-robots',
  'fleet-stop',
  'alarms',
  'stations',
  'fences',
  'schedules',
  'jobs',
  'tasks',
  'runs',
  'tracks',
  'video',
  'voice',
  'work-orders',
  'point-clouds',
  'diagnostics',
  'dashboards',
  'messages',
] as const satisfies readonly Namespace[];

/** What the login page, the shell and the error pages show: loaded before the first render. */
export const SHELL_NAMESPACES: Namespace[] = [
  'common',
  'layout',
  'auth',
  'errors',
  'notices',
  'home',
  'placeholder',
  // The header's fleet stop control is on every page.
  'fleet-stop',
  // The alarm popups of the main layout speak on any page.
  'alarms',
  'messages',
];

// One chunk per language and namespace; a page's namespace loads with the page (react-i18next
// suspends until it is there).
const files = import.meta.glob<object>('../../locales/*/*.json', { import: 'default' });

/** The texts of one namespace in one language. */
export async function loadNamespace(language: Language, namespace: Namespace): Promise<object> {
  // The contracts' catalogue is part of the contracts the console imports anyway.
  if (namespace === 'messages') return messages[language];
  const load = files[`../../locales/${language}/${namespace}.json`];
  if (!load) throw new Error(`No locale file ${language}/${namespace}.json`);
  return load();
}
