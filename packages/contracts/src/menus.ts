import { z } from 'zod';
import { TEXT_MAX } from './lengths.js';
import { idValue } from './fields.js';

/** One entry of the menu tree that home data returns (spec section 3). */
export type MenuNode = {
  menuId: number;
  name: string;
  title: string;
  icon: string | null;
  path: string;
  /** 1: shown in the side menu; 0: routable but hidden (separate windows, detail pages). */
  showFlag: 0 | 1;
  children: MenuNode[];
};
export const menuNode: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({
    menuId: z.number().int(),
    name: z.string(),
    title: z.string(),
    icon: z.string().nullable(),
    path: z.string(),
    showFlag: z.union([z.literal(0), z.literal(1)]),
    children: z.array(menuNode),
  }),
);

export type MenuSeed = {
  name: string;
  path: string;
  icon?: string;
  titles: { 'zh-CN': string; 'zh-TW': string; 'en-US': string };
  showFlag?: 0 | 1;
  children?: MenuSeed[];
};

const t = (zhCN: string, zhTW: string, enUS: string) => ({ 'zh-CN': zhCN, 'zh-TW': zhTW, 'en-US': enUS });

/**
 * The console's menu tree (spec section 2): route names and paths are the spec's; the server seeds
 * it on first start and the console's route table uses the same names. Paths of children are
 * relative to their parent.
 */
export const MENU_TREE: MenuSeed[] = [
  { name: 'home', path: '/home', icon: 'HomeOutlined', titles: t('首页', '首頁', 'Home') },
  {
    name: 'workVision',
    path: '/workVision',
    icon: 'FundProjectionScreenOutlined',
    showFlag: 0,
    titles: t('作业视窗', '作業視窗', 'Work View'),
    children: [
      { name: 'workHensive', path: 'workHensive', titles: t('综合概览', '綜合概覽', 'Overview') },
      { name: 'workData', path: 'workData', titles: t('作业数据', '作業數據', 'Work Data') },
      { name: 'workVideo', path: 'workVideo', titles: t('作业视频', '作業影像', 'Work Video') },
    ],
  },
  {
    name: 'trendVision',
    path: '/trendVision',
    icon: 'RadarChartOutlined',
    showFlag: 0,
    titles: t('态势视窗', '態勢視窗', 'Trend View'),
    children: [
      { name: 'trendHensive', path: 'trendHensive', titles: t('综合概览', '綜合概覽', 'Overview') },
      { name: 'trendPoint', path: 'trendPoint', titles: t('点云', '點雲', 'Point Cloud') },
      { name: 'trendAbnormal', path: 'trendAbnormal', titles: t('画像数据', '畫像數據', 'Portrait Data') },
    ],
  },
  {
    name: 'enclosure',
    path: '/enclosure',
    icon: 'GatewayOutlined',
    titles: t('电子围栏', '電子圍欄', 'Fences'),
    children: [
      { name: 'electronicfence', path: 'electronicfence', titles: t('电子围栏', '電子圍欄', 'Electronic Fence') },
    ],
  },
  {
    name: 'task',
    path: '/task',
    icon: 'ScheduleOutlined',
    titles: t('任务管理', '任務管理', 'Tasks'),
    children: [
      { name: 'path', path: 'path', titles: t('作业管理', '作業管理', 'Jobs') },
      { name: 'taskList', path: 'taskList', titles: t('任务列表', '任務列表', 'Task List') },
      { name: 'schedule', path: 'schedule', titles: t('任务调度', '任務排程', 'Schedules') },
      { name: 'taskExecute', path: 'taskExecute', titles: t('执行记录', '執行記錄', 'Execution Records') },
      { name: 'trackHistory', path: 'trackHistory', titles: t('轨迹记录', '軌跡記錄', 'Track Records') },
    ],
  },
  {
    name: 'data',
    path: '/data',
    icon: 'DatabaseOutlined',
    titles: t('数据中心', '數據中心', 'Data'),
    children: [
      { name: 'position', path: 'position', titles: t('实时监控', '即時監控', 'Real-time Monitoring') },
      { name: 'panel', path: 'panel', titles: t('视频监控', '影像監控', 'Video Monitoring') },
      { name: 'video', path: 'video', titles: t('历史视频', '歷史影像', 'Historical Video') },
      { name: 'history', path: 'history', titles: t('历史数据', '歷史數據', 'History') },
      { name: 'publish', path: 'publish', titles: t('指令下发记录', '指令下發記錄', 'Command Dispatch Records') },
      { name: 'cmdResp', path: 'cmdResp', titles: t('指令回复记录', '指令回覆記錄', 'Command Reply Records') },
      { name: 'uploadData', path: 'uploadData', titles: t('数据上传记录', '數據上傳記錄', 'Data Upload Records') },
      { name: 'gunRecord', path: 'gunRecord', titles: t('网枪记录', '網槍記錄', 'Net-gun Records') },
      {
        name: 'alarmHandling',
        path: 'alarmHandling',
        titles: t('告警处置记录', '告警處置記錄', 'Alarm Handling Records'),
      },
    ],
  },
  {
    name: 'robot',
    path: '/robot',
    icon: 'RobotOutlined',
    titles: t('机器人管理', '機器人管理', 'Robots'),
    children: [
      { name: 'list', path: 'list', titles: t('机器人列表', '機器人列表', 'Robot List') },
      { name: 'repair', path: 'repair', titles: t('维修保养', '維修保養', 'Maintenance') },
      { name: 'userRobot', path: 'userRobot', titles: t('用户机器人', '使用者機器人', 'User Robots') },
      { name: 'stationManage', path: 'stationManage', titles: t('站点管理', '站點管理', 'Stations') },
      { name: 'multicastConfig', path: 'multicastConfig', titles: t('组播配置', '群播設定', 'Multicast Config') },
    ],
  },
  {
    name: 'control',
    path: '/control',
    icon: 'ControlOutlined',
    titles: t('远程控制', '遠端控制', 'Control'),
    children: [{ name: 'manage', path: 'manage', titles: t('机器人控制', '機器人控制', 'Robot Control') }],
  },
  {
    name: 'voice',
    path: '/voice',
    icon: 'SoundOutlined',
    titles: t('语音管理', '語音管理', 'Voice'),
    children: [
      { name: 'intercom', path: 'intercom', titles: t('语音广播', '語音廣播', 'Voice Announcement') },
      { name: 'MusicPlayback', path: 'MusicPlayback', titles: t('音频播放', '音訊播放', 'Audio Playback') },
      { name: 'MusicUpload', path: 'MusicUpload', titles: t('音频上传', '音訊上傳', 'Audio Upload') },
      { name: 'audioProperties', path: 'audioProperties', titles: t('音频属性', '音訊屬性', 'Audio Properties') },
    ],
  },
  {
    name: 'sys',
    path: '/sys',
    icon: 'SettingOutlined',
    titles: t('系统管理', '系統管理', 'System'),
    children: [
      { name: 'organuserctrl', path: 'organuserctrl', titles: t('用户管理', '使用者管理', 'Users') },
      { name: 'menulistctrl', path: 'menulistctrl', titles: t('菜单管理', '選單管理', 'Menus') },
      { name: 'rolectrl', path: 'rolectrl', titles: t('角色管理', '角色管理', 'Roles') },
      { name: 'resources', path: 'resources', titles: t('资源管理', '資源管理', 'Resources') },
      { name: 'server', path: 'server', titles: t('服务列表', '服務列表', 'Services') },
      { name: 'config', path: 'config', titles: t('配置管理', '設定管理', 'Configs') },
      { name: 'tenant', path: 'tenant', titles: t('租户管理', '租戶管理', 'Tenants') },
      { name: 'expose', path: 'expose', titles: t('第三方账号', '第三方帳號', 'Expose Accounts') },
      { name: 'moveRobot', path: 'moveRobot', titles: t('机器人迁移', '機器人遷移', 'Robot Migration') },
    ],
  },
  {
    name: 'log',
    path: '/log',
    icon: 'FileSearchOutlined',
    titles: t('日志管理', '日誌管理', 'Logs'),
    children: [
      { name: 'loginList', path: 'loginList', titles: t('登录日志', '登入日誌', 'Login Logs') },
      { name: 'operationList', path: 'operationList', titles: t('操作日志', '操作日誌', 'Operation Logs') },
    ],
  },
];

/**
 * Pages of the platform tenant only (tenants, the menu tree, resources, the service list, console
 * settings, robot migration): their menus are never granted to a role of another tenant, like the
 * `platform` resources behind them.
 */
export const PLATFORM_MENUS = ['tenant', 'menulistctrl', 'resources', 'server', 'config', 'moveRobot'] as const;

/** Route names are identifiers the console's router knows pages by. */
export const MENU_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/;

const menuTitle = (requiredKey: string) =>
  z
    .string({ error: requiredKey })
    .trim()
    .min(1, { message: requiredKey, abort: true })
    .max(TEXT_MAX.menuTitle, 'menus.titleTooLong');

const menuFields = {
  nameZhCn: menuTitle('menus.zhCnRequired'),
  nameZhTw: menuTitle('menus.zhTwRequired'),
  nameEnUs: menuTitle('menus.enUsRequired'),
  path: z
    .string({ error: 'menus.pathRequired' })
    .trim()
    .min(1, { message: 'menus.pathRequired', abort: true })
    .max(TEXT_MAX.menuPath, 'menus.pathInvalid')
    .regex(/^\/?[A-Za-z0-9_\-/:]+$/, 'menus.pathInvalid'),
  icon: z
    .string()
    .trim()
    .max(TEXT_MAX.menuIcon, 'menus.iconInvalid')
    .regex(/^([A-Z][A-Za-z0-9]*)?$/, 'menus.iconInvalid')
    .optional(),
  sort: z.coerce
    .number({ error: 'menus.sortInvalid' })
    .int('menus.sortInvalid')
    .min(0, 'menus.sortInvalid')
    .max(99_999, 'menus.sortInvalid'),
  parentId: idValue.nullable().optional(),
  showFlag: z.union([z.literal(0), z.literal(1)], { error: 'validation.invalid' }),
};

/** POST system-server/menu/create */
export const createMenuRequest = z.object({
  name: z
    .string({ error: 'menus.nameRequired' })
    .trim()
    .min(1, { message: 'menus.nameRequired', abort: true })
    .max(TEXT_MAX.menuName, 'menus.nameInvalid')
    .regex(MENU_NAME_PATTERN, 'menus.nameInvalid'),
  ...menuFields,
});
export type CreateMenuRequest = z.input<typeof createMenuRequest>;
/** POST system-server/menu/update: the route name stays (roles and the console know the page by it). */
export const updateMenuRequest = z.object({ menuId: idValue, ...menuFields });
export type UpdateMenuRequest = z.input<typeof updateMenuRequest>;
export const menuStatusRequest = z.object({
  menuId: idValue,
  status: z.union([z.literal(0), z.literal(1)], { error: 'validation.invalid' }),
});
export type MenuStatusRequest = z.input<typeof menuStatusRequest>;
export const deleteMenuRequest = z.object({ menuId: idValue });

/** One entry of the menu management tree: every field, titles in the three languages. */
export type MenuAdminNode = {
  menuId: number;
  parentId: number | null;
  name: string;
  path: string;
  icon: string | null;
  sort: number;
  showFlag: number;
  status: number;
  nameZhCn: string;
  nameZhTw: string;
  nameEnUs: string;
  /** Part of the console's own tree: it can be disabled but not deleted. */
  builtIn: boolean;
  children: MenuAdminNode[];
};
export const menuAdminNode: z.ZodType<MenuAdminNode> = z.lazy(() =>
  z.object({
    menuId: z.number().int(),
    parentId: z.number().int().nullable(),
    name: z.string(),
    path: z.string(),
    icon: z.string().nullable(),
    sort: z.number().int(),
    showFlag: z.number().int(),
    status: z.number().int(),
    nameZhCn: z.string(),
    nameZhTw: z.string(),
    nameEnUs: z.string(),
    builtIn: z.boolean(),
    children: z.array(menuAdminNode),
  }),
);
export const menuAdminTree = z.array(menuAdminNode);
