import { defineRoute, SESSION_ERRORS } from './api.js';
import { mapImageParams, mapSourceList, tileParams } from './maps.js';

/**
 * The map's own routes, below `/api`: what `DATA_DIR/maps` holds, and its tiles and site plans for
 * any signed-in user (the console fetches them with its session, so a copied link shows nothing).
 */
export const mapsApi = {
  listMapSources: defineRoute({
    method: 'GET',
    path: '/map-server/sources',
    operationId: 'listMapSources',
    summary: 'Offline tile sets and site plans found in the data folder',
    tags: ['maps'],
    access: 'session',
    data: mapSourceList,
    errors: SESSION_ERRORS,
  }),
  getMapTile: defineRoute({
    method: 'GET',
    path: '/map-server/tiles/:source/:z/:x/:y',
    operationId: 'getMapTile',
    summary: 'One offline tile (XYZ numbering) of an XYZ folder, MBTiles or PMTiles file; 404 where there is none',
    tags: ['maps'],
    access: 'session',
    params: tileParams,
    envelope: 'file',
    errors: [...SESSION_ERRORS, 404],
  }),
  getMapImage: defineRoute({
    method: 'GET',
    path: '/map-server/images/:source',
    operationId: 'getMapImage',
    summary: 'A site plan image (PNG, JPEG or SVG)',
    tags: ['maps'],
    access: 'session',
    params: mapImageParams,
    envelope: 'file',
    errors: [...SESSION_ERRORS, 404],
  }),
};
