import type { RouteDescriptor } from './api.js';
import { authApi } from './auth.api.js';
import { usersApi } from './users.api.js';
import { exposeApi } from './expose.api.js';
import { healthApi } from './health.api.js';
import { monitoringApi } from './monitoring.api.js';
import { logsApi } from './logs.api.js';
import { commandsApi } from './commands.api.js';
import { uploadsApi } from './uploads.api.js';
import { robotsApi } from './robots.api.js';
import { tenantsApi } from './tenants.api.js';
import { rolesApi } from './roles.api.js';
import { menusApi } from './menus.api.js';
import { multicastApi } from './multicast.api.js';
import { noticesApi } from './notices.api.js';
import { resourcesApi } from './resources.api.js';
import { serversApi } from './servers.api.js';
import { configsApi } from './configs.api.js';
import { userRobotsApi } from './user-robots.api.js';
import { alarmsApi } from './alarms.api.js';
import { fleetStopApi } from './fleet-stop.api.js';
import { mapsApi } from './maps.api.js';
import { stationsApi } from './stations.api.js';
import { fencesApi } from './fences.api.js';
import { jobsApi } from './jobs.api.js';
import { tasksApi } from './tasks.api.js';
import { schedulesApi } from './schedules.api.js';
import { runsApi } from './runs.api.js';
import { tracksApi } from './tracks.api.js';
import { videoApi } from './video.api.js';
import { voiceApi } from './voice.api.js';
import { workOrdersApi } from './work-orders.api.js';
import { diagnosticsApi } from './diagnostics.api.js';
import { pointCloudsApi } from './point-clouds.api.js';
import { dashboardsApi } from './dashboards.api.js';

/** Every area's routes, by area: the whole API (but the console socket) in one place. */
export const apiAreas = {
  authApi,
  usersApi,
  exposeApi,
  healthApi,
  monitoringApi,
  logsApi,
  commandsApi,
  uploadsApi,
  robotsApi,
  tenantsApi,
  rolesApi,
  menusApi,
  multicastApi,
  noticesApi,
  resourcesApi,
  serversApi,
  configsApi,
  userRobotsApi,
  alarmsApi,
  fleetStopApi,
  mapsApi,
  stationsApi,
  fencesApi,
  jobsApi,
  tasksApi,
  schedulesApi,
  runsApi,
  tracksApi,
  videoApi,
  voiceApi,
  workOrdersApi,
  diagnosticsApi,
  pointCloudsApi,
  dashboardsApi,
};

/** Every route descriptor of the API. */
export const allRoutes: RouteDescriptor[] = Object.values(apiAreas).flatMap((area) => Object.values(area));
