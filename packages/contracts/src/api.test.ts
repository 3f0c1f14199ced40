import { describe, expect, it } from 'vitest';
import { allRoutes, apiAreas } from './api-areas.js';
import { translate } from './messages.js';
import { LANGUAGES } from './constants.js';

describe('route descriptors', () => {
  it('give every route its own method and path', () => {
    const keys = allRoutes.map((r) => `${r.method} ${r.path}`);
    const repeated = keys.filter((key, i) => keys.indexOf(key) !== i);
    expect(repeated).toEqual([]);
  });

  it('give every route a unique operationId, used as its name in the area', () => {
    const ids = allRoutes.map((r) => r.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const area of Object.values(apiAreas)) {
      for (const [name, route] of Object.entries(area)) expect(route.operationId).toBe(name);
    }
  });

  it('describe each route completely: a path below the API base, a summary, a tag, and data unless a file', () => {
    for (const route of allRoutes) {
      expect(route.path, route.operationId).toMatch(/^\/[a-z]/);
      expect(route.summary, route.operationId).toBeTruthy();
      expect(route.tags.length, route.operationId).toBeGreaterThan(0);
      expect(route.envelope === 'file' || route.data !== undefined, route.operationId).toBe(true);
      if (route.method === 'GET') expect(route.body, route.operationId).toBeUndefined();
    }
  });

  it('have the operation text of every route in the three languages', () => {
    for (const route of allRoutes) {
      for (const lang of LANGUAGES) {
        const key = `operations.${route.operationId}`;
        expect(translate(lang, key), `${lang} ${key}`).not.toBe(key);
      }
    }
  });
});
