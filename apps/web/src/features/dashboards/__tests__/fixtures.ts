import type { DashboardOverview, DashboardTrends, HomeData, RobotLive, RobotTelemetry } from '@patrol/contracts';

/** An answer of envelope A. */
export const envelope = (data: unknown, code = 200, message = 'success') =>
  new Response(JSON.stringify({ code, message, data }), {
    status: code === 200 ? 200 : code,
    headers: { 'content-type': 'application/json' },
  });

const node = (menuId: number, name: string, title: string, path: string, children: HomeData['menu'] = []) => ({
  menuId,
  name,
  title,
  icon: null,
  path,
  showFlag: 1 as const,
  children,
});

/** The user's menu with both windows' pages. */
export const home: HomeData = {
  menu: [
    node(1, 'workVision', 'Work View', '/workVision', [
      node(2, 'workHensive', 'Overview', 'workHensive'),
      node(3, 'workData', 'Live data', 'workData'),
    ]),
    node(4, 'trendVision', 'Trend View', '/trendVision', [
      node(5, 'trendHensive', 'Trends', 'trendHensive'),
      node(6, 'trendAbnormal', 'Portrait data', 'trendAbnormal'),
    ]),
  ],
  loginUser: {
    userId: 1,
    account: 'admin',
    username: 'Admin',
    tenantId: 1,
    tenantName: 'Platform',
    tenantCode: 'platform',
    platformAdmin: true,
    roles: [],
  },
};

const state = (charging: boolean): RobotTelemetry => ({
  ts: 1_764_000_000_000,
  lat: 31.2,
  lng: 121.5,
  altitude: 4,
  speed: 1.2,
  acceleration: 0,
  direction: 90,
  battery: 80,
  charging,
  temperatures: { ambient: 20, body: 30, battery: 25 },
  humidity: 50,
  windSpeed: 1,
  windDirection: 180,
  network: { up: 100, down: 400 },
  versions: { firmware: '1.0.0', modules: {} },
  warning: { level: 0, color: null },
  mode: charging ? 'charging' : 'patrolling',
  lights: false,
});

export const robot = (
  robotId: number,
  online: boolean,
  options: { charging?: boolean; repair?: boolean } = {},
): RobotLive => ({
  robotId,
  serialNumber: `SIM-${robotId}`,
  name: `Robot ${robotId}`,
  online,
  lastSeenTime: null,
  stoppedForRepair: options.repair ?? false,
  state: online ? state(options.charging ?? false) : null,
});

/** What the server says: its robot figures are a moment old (the live fleet wins). */
export const overview: DashboardOverview = {
  robots: { total: 3, online: 1, offline: 2, charging: 0, stoppedForRepair: 0, onTask: 1 },
  tasks: { running: 2, dueToday: 5, doneToday: 7, failedToday: 1 },
  alarms: {
    today: [
      { kind: 'gun', status: 'disposing', count: 3 },
      { kind: 'sentiment', status: 'complete', count: 2 },
    ],
    openTotal: 4,
  },
  workOrders: { open: 6, overdue: 2, byStatus: { draft: 1, pending: 3, processing: 2 } },
  timeZone: 'Asia/Shanghai',
  today: '2026-11-28',
  generatedAt: '2026-11-28T08:00:00.000Z',
};

export const trends: DashboardTrends = {
  days: ['2026-11-26', '2026-11-27', '2026-11-28'],
  alarms: [
    { day: '2026-11-26', kind: 'gun', count: 2 },
    { day: '2026-11-27', kind: 'gun', count: 3 },
    { day: '2026-11-27', kind: 'sentiment', count: 1 },
  ],
  runs: [],
  distance: [{ day: '2026-11-28', distanceM: 12_500 }],
  uptime: [
    { robotId: 1, robotName: 'Robot 1', onlineS: 3600, ratio: 0.5 },
    { robotId: 2, robotName: 'Robot 2', onlineS: 7200, ratio: 0.755 },
  ],
  workOrders: [{ day: '2026-11-28', opened: 2, closed: 1 }],
  from: '2026-11-26',
  to: '2026-11-28',
  today: '2026-11-28',
  timeZone: 'Asia/Shanghai',
};
