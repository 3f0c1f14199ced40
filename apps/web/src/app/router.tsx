import { createHashRouter, redirect } from 'react-router';
import type { RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import { STANDALONE_ROUTES } from '@patrol/contracts/plain';
import { guardLoader } from './guard/guard-loader';
import { lazyPage } from './lazy-page';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './route-error';
import type { RouteHandle } from './route-handle';

// The layouts come with their first route, and the query cache and antd's <App> with them: the
// login page needs none of them.
const MainLayout = lazyPage(() =>
  Promise.all([import('./layouts/main-layout'), import('./shell-providers')]).then(([m, q]) =>
    q.withShellProviders(m.MainLayout),
  ),
);
const WindowLayout = lazyPage(() =>
  Promise.all([import('./layouts/window-layout'), import('./shell-providers')]).then(([m, q]) =>
    q.withShellProviders(m.WindowLayout),
  ),
);
// A standalone page reads the menu's titles, so it takes the query cache too.
const StandalonePage = lazyPage(() =>
  Promise.all([import('./layouts/standalone-page'), import('./shell-providers')]).then(([m, q]) =>
    q.withShellProviders(m.StandalonePage),
  ),
);

const LoginPage = lazyPage(() => import('@/features/auth/pages/login-route').then((m) => m.LoginRoute));
const ExternalLoginPage = lazyPage(() =>
  import('@/features/auth/pages/external-login-page').then((m) => m.ExternalLoginPage),
);
/** Home, with the dashboards' fleet overview at a glance (handed in: features do not import each other). */
const HomePage = lazyPage(() =>
  Promise.all([
    import('@/features/home/pages/home-page'),
    import('@/features/dashboards/components/overview-figures'),
  ]).then(([home, dashboards]) => {
    function HomeWithOverview() {
      return <home.HomePage overview={dashboards.OverviewFigures} />;
    }
    return HomeWithOverview;
  }),
);
const PlaceholderPage = lazyPage(() =>
  import('@/features/placeholder/pages/placeholder-page').then((m) => m.PlaceholderPage),
);
const Error401Page = lazyPage(() => import('@/features/errors/pages/error-401-page').then((m) => m.Error401Page));
const Error404Page = lazyPage(() => import('@/features/errors/pages/error-404-page').then((m) => m.Error404Page));
const Error500Page = lazyPage(() => import('@/features/errors/pages/error-500-page').then((m) => m.Error500Page));
const ErrorLoggerPage = lazyPage(() =>
  import('@/features/errors/pages/error-logger-page').then((m) => m.ErrorLoggerPage),
);

/** Pages that are built, by route name; every other page of a section shows the placeholder. */
const PAGES: Record<string, ComponentType> = {
  taskExecute: lazyPage(() => import('@/features/runs/pages/task-execute-page').then((m) => m.TaskExecutePage)),
  trackHistory: lazyPage(() => import('@/features/tracks/pages/track-history-page').then((m) => m.TrackHistoryPage)),
  panel: lazyPage(() => import('@/features/video/pages/video-panel-page').then((m) => m.VideoPanelPage)),
  video: lazyPage(() => import('@/features/video/pages/video-history-page').then((m) => m.VideoHistoryPage)),
  history: lazyPage(() => import('@/features/tracks/pages/history-playback-page').then((m) => m.HistoryPlaybackPage)),
  organuserctrl: lazyPage(() => import('@/features/users/pages/users-page').then((m) => m.UsersPage)),
  menulistctrl: lazyPage(() => import('@/features/menus/pages/menus-page').then((m) => m.MenusPage)),
  rolectrl: lazyPage(() => import('@/features/roles/pages/roles-page').then((m) => m.RolesPage)),
  resources: lazyPage(() => import('@/features/resources/pages/resources-page').then((m) => m.ResourcesPage)),
  server: lazyPage(() => import('@/features/servers/pages/servers-page').then((m) => m.ServersPage)),
  config: lazyPage(() => import('@/features/configs/pages/configs-page').then((m) => m.ConfigsPage)),
  tenant: lazyPage(() => import('@/features/tenants/pages/tenants-page').then((m) => m.TenantsPage)),
  expose: lazyPage(() => import('@/features/expose/pages/expose-page').then((m) => m.ExposePage)),
  loginList: lazyPage(() => import('@/features/logs/pages/login-logs-page').then((m) => m.LoginLogsPage)),
  operationList: lazyPage(() => import('@/features/logs/pages/operation-logs-page').then((m) => m.OperationLogsPage)),
  list: lazyPage(() => import('@/features/robots/pages/robots-page').then((m) => m.RobotsPage)),
  position: lazyPage(() => import('@/features/monitoring/pages/monitoring-page').then((m) => m.MonitoringPage)),
  manage: lazyPage(() => import('@/features/commands/pages/control-page').then((m) => m.ControlPage)),
  publish: lazyPage(() => import('@/features/commands/pages/publish-page').then((m) => m.PublishPage)),
  cmdResp: lazyPage(() => import('@/features/commands/pages/cmd-resp-page').then((m) => m.CmdRespPage)),
  repair: lazyPage(() => import('@/features/work-orders/pages/work-orders-page').then((m) => m.WorkOrdersPage)),
  multicastConfig: lazyPage(() => import('@/features/multicast/pages/multicast-page').then((m) => m.MulticastPage)),
  moveRobot: lazyPage(() => import('@/features/robots/pages/move-robots-page').then((m) => m.MoveRobotsPage)),
  userRobot: lazyPage(() => import('@/features/user-robots/pages/user-robots-page').then((m) => m.UserRobotsPage)),
  uploadData: lazyPage(() => import('@/features/uploads/pages/upload-data-page').then((m) => m.UploadDataPage)),
  gunRecord: lazyPage(() => import('@/features/alarms/pages/gun-record-page').then((m) => m.GunRecordPage)),
  stationManage: lazyPage(() => import('@/features/stations/pages/stations-page').then((m) => m.StationsPage)),
  schedule: lazyPage(() => import('@/features/schedules/pages/schedules-page').then((m) => m.SchedulesPage)),
  electronicfence: lazyPage(() => import('@/features/fences/pages/fences-page').then((m) => m.FencesPage)),
  path: lazyPage(() => import('@/features/jobs/pages/jobs-page').then((m) => m.JobsPage)),
  taskList: lazyPage(() => import('@/features/tasks/pages/tasks-page').then((m) => m.TasksPage)),
  alarmHandling: lazyPage(() => import('@/features/alarms/pages/alarm-handling-page').then((m) => m.AlarmHandlingPage)),
  intercom: lazyPage(() => import('@/features/voice/pages/intercom-page').then((m) => m.IntercomPage)),
  MusicPlayback: lazyPage(() => import('@/features/voice/pages/music-playback-page').then((m) => m.MusicPlaybackPage)),
  MusicUpload: lazyPage(() => import('@/features/voice/pages/music-upload-page').then((m) => m.MusicUploadPage)),
  audioProperties: lazyPage(() =>
    import('@/features/voice/pages/audio-properties-page').then((m) => m.AudioPropertiesPage),
  ),
};

/**
 * The hidden pages opened on their own, by route name; the others show the placeholder. The live
 * window of an alarm shows the robot's live picture with the video area's player and its telemetry
 * with the monitoring area's panel, over its own socket.
 */
const STANDALONE_PAGES: Partial<Record<string, ComponentType<{ name: string; title?: string }>>> = {
  lol: lazyPage(() =>
    Promise.all([
      import('@/features/alarms/pages/live-alarm-page'),
      import('@/features/monitoring/components/telemetry-panel'),
      import('@/features/video/components/live-video'),
      import('./layouts/live-socket'),
    ]).then(([alarms, monitoring, video, socket]) => {
      function LiveAlarmWindow(props: { name: string; title?: string }) {
        return (
          <socket.LiveSocket>
            <alarms.LiveAlarmPage {...props} telemetry={monitoring.TelemetryPanel} video={video.LiveVideo} />
          </socket.LiveSocket>
        );
      }
      return LiveAlarmWindow;
    }),
  ),
  /** The diagnostics page, with the console socket whose state it shows. */
  debug: lazyPage(() =>
    Promise.all([import('@/features/diagnostics/pages/debug-page'), import('./layouts/live-socket')]).then(
      ([diagnostics, socket]) => {
        function DebugWindow(props: { name: string; title?: string }) {
          return (
            <socket.LiveSocket>
              <diagnostics.DebugPage {...props} />
            </socket.LiveSocket>
          );
        }
        return DebugWindow;
      },
    ),
  ),
};

/** A route the guard checks under `name`. */
function guarded(handle: RouteHandle) {
  return { handle, loader: guardLoader(handle.name) };
}

/**
 * A menu section (`/task`) whose pages are not built yet: each child renders the shared
 * placeholder under its own route name; the section itself opens its first page.
 */
function section(name: string, children: string[]): RouteObject {
  return {
    path: name,
    children: [
      { index: true, loader: () => redirect(`/${name}/${children[0]}`) },
      ...children.map((child) => {
        const Page = PAGES[child];
        return {
          path: child,
          ...guarded({ name: child }),
          element: Page ? <Page /> : <PlaceholderPage name={child} />,
        };
      }),
    ],
  };
}

/** The main layout's sections and pages (spec section 2; names and paths as in contracts MENU_TREE). */
export const MAIN_SECTIONS: Record<string, string[]> = {
  enclosure: ['electronicfence'],
  task: ['path', 'taskList', 'schedule', 'taskExecute', 'trackHistory'],
  data: ['position', 'panel', 'video', 'history', 'publish', 'cmdResp', 'uploadData', 'gunRecord', 'alarmHandling'],
  robot: ['list', 'repair', 'userRobot', 'stationManage', 'multicastConfig'],
  control: ['manage'],
  voice: ['intercom', 'MusicPlayback', 'MusicUpload', 'audioProperties'],
  sys: ['organuserctrl', 'menulistctrl', 'rolectrl', 'resources', 'server', 'config', 'tenant', 'expose', 'moveRobot'],
  log: ['loginList', 'operationList'],
};

/** The pages of the separate windows, by route name; the video wall shows the video area's live player. */
const WINDOW_PAGES: Partial<Record<string, ComponentType>> = {
  workHensive: lazyPage(() => import('@/features/dashboards/pages/work-hensive-page').then((m) => m.WorkHensivePage)),
  workData: lazyPage(() => import('@/features/dashboards/pages/work-data-page').then((m) => m.WorkDataPage)),
  workVideo: lazyPage(() =>
    Promise.all([
      import('@/features/dashboards/pages/work-video-page'),
      import('@/features/video/components/live-video'),
    ]).then(([dashboards, video]) => {
      function VideoWall() {
        return <dashboards.WorkVideoPage video={video.LiveVideo} />;
      }
      return VideoWall;
    }),
  ),
  trendHensive: lazyPage(() =>
    import('@/features/dashboards/pages/trend-hensive-page').then((m) => m.TrendHensivePage),
  ),
  trendPoint: lazyPage(() => import('@/features/point-clouds/pages/trend-point-page').then((m) => m.TrendPointPage)),
  trendAbnormal: lazyPage(() =>
    import('@/features/dashboards/pages/trend-abnormal-page').then((m) => m.TrendAbnormalPage),
  ),
};

/** The separate-window sections. */
export const WINDOW_SECTIONS = {
  workVision: ['workHensive', 'workData', 'workVideo'],
  trendVision: ['trendHensive', 'trendPoint', 'trendAbnormal'],
} as const;

function windowSection(name: keyof typeof WINDOW_SECTIONS): RouteObject {
  const children = WINDOW_SECTIONS[name];
  return {
    path: name,
    element: <WindowLayout section={name} />,
    children: [
      { index: true, loader: () => redirect(`/${name}/${children[0]}`) },
      ...children.map((child) => {
        const Page = WINDOW_PAGES[child];
        return {
          path: child,
          ...guarded({ name: child }),
          element: Page ? <Page /> : <PlaceholderPage name={child} />,
        };
      }),
    ],
  };
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: null,
    children: [
      { path: 'login', ...guarded({ name: 'login' }), element: <LoginPage /> },
      { path: 'external-login', ...guarded({ name: 'external-login' }), element: <ExternalLoginPage /> },
      {
        path: '/',
        element: <MainLayout />,
        children: [
          { index: true, loader: () => redirect('/home') },
          { path: 'home', ...guarded({ name: 'home' }), element: <HomePage /> },
          ...Object.entries(MAIN_SECTIONS).map(([name, children]) => section(name, children)),
          {
            path: 'errorLogger',
            ...guarded({ name: 'error_logger', cache: false }),
            element: <ErrorLoggerPage />,
          },
        ],
      },
      windowSection('workVision'),
      windowSection('trendVision'),
      ...STANDALONE_ROUTES.map((name) => ({
        path: name,
        ...guarded({ name }),
        element: <StandalonePage name={name} page={STANDALONE_PAGES[name] ?? PlaceholderPage} />,
      })),
      { path: '401', ...guarded({ name: 'error_401' }), element: <Error401Page /> },
      { path: '500', ...guarded({ name: 'error_500' }), element: <Error500Page /> },
      { path: '*', ...guarded({ name: 'error_404' }), element: <Error404Page /> },
    ],
  },
];

/** The console's router: hash-based (spec section 2), so any static host can serve it. */
export function createAppRouter() {
  return createHashRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
