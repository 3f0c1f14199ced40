import { defineRoute, SESSION_ERRORS } from './api.js';
import {
  dashboardAbnormal,
  dashboardAbnormalQuery,
  dashboardMine,
  dashboardOverview,
  dashboardTrends,
  dashboardTrendsQuery,
} from './dashboards.js';

const BASE = '/dashboard-server/dashboards';

/** The figures of the work and trend windows and of the home page, below `/api`. */
export const dashboardsApi = {
  dashboardOverview: defineRoute({
    method: 'GET',
    path: `${BASE}/overview`,
    operationId: 'dashboardOverview',
    summary: "The tenant's fleet now: robots, today's runs, alarms and open work orders",
    tags: ['dashboards'],
    access: 'grant',
    data: dashboardOverview,
    errors: SESSION_ERRORS,
  }),
  dashboardMine: defineRoute({
    method: 'GET',
    path: `${BASE}/mine`,
    operationId: 'dashboardMine',
    summary: "The home page: the tenant's newest alarms being disposed and the caller's open work orders",
    tags: ['dashboards'],
    access: 'session',
    data: dashboardMine,
    errors: SESSION_ERRORS,
  }),
  dashboardTrends: defineRoute({
    method: 'GET',
    path: `${BASE}/trends`,
    operationId: 'dashboardTrends',
    summary: "Alarms, runs, distance, uptime and work orders day by day in the tenant's time zone",
    tags: ['dashboards'],
    access: 'grant',
    query: dashboardTrendsQuery,
    data: dashboardTrends,
    errors: SESSION_ERRORS,
  }),
  dashboardAbnormal: defineRoute({
    method: 'GET',
    path: `${BASE}/abnormal`,
    operationId: 'dashboardAbnormal',
    summary: 'The alarm portrait: where, at which weekday and hour, of which kind and robot',
    tags: ['dashboards'],
    access: 'grant',
    query: dashboardAbnormalQuery,
    data: dashboardAbnormal,
    errors: SESSION_ERRORS,
  }),
};
