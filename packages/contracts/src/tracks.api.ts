import { defineRoute, SESSION_ERRORS } from './api.js';
import { trackMarks, trackMarksQuery, trackQuery, trackResult } from './tracks.js';

/** The track routes of the API, below `/api`: where a robot went, and what happened on the way. */
export const tracksApi = {
  queryTrack: defineRoute({
    method: 'GET',
    path: '/task-server/track/query',
    operationId: 'queryTrack',
    summary: "A robot's track between two times (at most 7 days), simplified for the map's zoom",
    tags: ['tracks'],
    access: 'grant',
    query: trackQuery,
    data: trackResult,
    errors: [...SESSION_ERRORS, 404],
  }),
  trackMarks: defineRoute({
    method: 'GET',
    path: '/task-server/track/marks',
    operationId: 'trackMarks',
    summary: "A robot's alarms and commands between two times, as marks of its playback's timeline",
    tags: ['tracks'],
    access: 'grant',
    query: trackMarksQuery,
    data: trackMarks,
    errors: [...SESSION_ERRORS, 404],
  }),
};
