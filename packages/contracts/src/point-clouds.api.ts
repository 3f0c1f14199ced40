import { z } from 'zod';
import { defineRoute, SESSION_ERRORS } from './api.js';
import {
  deletePointCloudRequest,
  pointCloudIdParams,
  pointCloudPage,
  pointCloudPageQuery,
  pointCloudRow,
} from './point-clouds.js';

const BASE = '/robot-server/point-cloud';

/**
 * The point cloud routes of the console (`/trendVision/trendPoint`), below `/api`. Robots upload
 * with `PUT /api/point-cloud/ingest/{serial}/{uploadId}`, which is no route of the console's API
 * (docs/robot-protocol.md, "Point clouds").
 */
export const pointCloudsApi = {
  pagePointClouds: defineRoute({
    method: 'GET',
    path: `${BASE}/page`,
    operationId: 'pagePointClouds',
    summary: 'Point clouds robots uploaded, the latest scan first, for the robots the caller may see',
    tags: ['point-clouds'],
    access: 'grant',
    query: pointCloudPageQuery,
    data: pointCloudPage,
    errors: SESSION_ERRORS,
  }),
  getPointCloud: defineRoute({
    method: 'GET',
    path: `${BASE}/:pointCloudId`,
    operationId: 'getPointCloud',
    summary: 'One point cloud: its robot, time, format, size and points',
    tags: ['point-clouds'],
    access: 'grant',
    params: pointCloudIdParams,
    data: pointCloudRow,
    errors: [...SESSION_ERRORS, 404],
  }),
  getPointCloudFile: defineRoute({
    method: 'GET',
    path: `${BASE}/:pointCloudId/file`,
    operationId: 'getPointCloudFile',
    summary: "A point cloud's file (PCD or PLY) as the robot uploaded it, for the viewer",
    tags: ['point-clouds'],
    access: 'grant',
    params: pointCloudIdParams,
    envelope: 'file',
    errors: [...SESSION_ERRORS, 404],
  }),
  deletePointCloud: defineRoute({
    method: 'POST',
    path: `${BASE}/delete`,
    operationId: 'deletePointCloud',
    summary: 'Delete a point cloud and its file',
    tags: ['point-clouds'],
    access: 'grant',
    body: deletePointCloudRequest,
    data: z.null(),
    errors: [...SESSION_ERRORS, 404],
  }),
};
