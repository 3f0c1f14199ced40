import { z } from 'zod';
import { defineRoute, SESSION_ERRORS } from './api.js';
import {
  cameraQuery,
  clipQuery,
  clipUrl,
  historyQuery,
  historyResult,
  playUrl,
  videoLayout,
  videoRobots,
} from './video.js';

/**
 * The video routes of the API, below `/api`. The streams themselves (the embedded HLS, the robots'
 * pushes and the media servers' auth hooks) are under `/api/media/` and described in docs/video.md.
 */
export const videoApi = {
  videoCameras: defineRoute({
    method: 'GET',
    path: '/video/cameras',
    operationId: 'videoCameras',
    summary: 'The robots the user may see, each with the cameras it announced',
    tags: ['video'],
    access: 'grant',
    data: videoRobots,
    errors: [...SESSION_ERRORS],
  }),
  videoLive: defineRoute({
    method: 'GET',
    path: '/video/live',
    operationId: 'videoLive',
    summary: "A signed URL of a camera's live picture, from the tenant's streaming address",
    tags: ['video'],
    access: 'grant',
    query: cameraQuery,
    data: playUrl,
    errors: [...SESSION_ERRORS, 404, 409],
  }),
  videoHistory: defineRoute({
    method: 'GET',
    path: '/video/history',
    operationId: 'videoHistory',
    summary: "A signed URL of a camera's recordings between two times, and where recordings exist",
    tags: ['video'],
    access: 'grant',
    query: historyQuery,
    data: historyResult,
    errors: [...SESSION_ERRORS, 404, 409],
  }),
  videoClip: defineRoute({
    method: 'GET',
    path: '/video/clip',
    operationId: 'videoClip',
    summary: 'A signed download URL of a recorded clip (at most 10 minutes), from the file access address',
    tags: ['video'],
    access: 'grant',
    query: clipQuery,
    data: clipUrl,
    errors: [...SESSION_ERRORS, 404, 409],
  }),
  videoLayout: defineRoute({
    method: 'GET',
    path: '/video/layout',
    operationId: 'videoLayout',
    summary: "The user's video monitoring layout (grid and tiles); tiles of robots no longer visible are empty",
    tags: ['video'],
    access: 'grant',
    data: videoLayout,
    errors: [...SESSION_ERRORS],
  }),
  saveVideoLayout: defineRoute({
    method: 'POST',
    path: '/video/layout',
    operationId: 'saveVideoLayout',
    summary: "Remembers the user's video monitoring layout",
    tags: ['video'],
    access: 'grant',
    body: videoLayout,
    data: z.null(),
    errors: [...SESSION_ERRORS],
  }),
};
