import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_CENTER, polygonProblem, polygonsOverlap } from '@patrol/contracts';
import { demoSite } from './demo-site.js';
import { fenceRuleAt } from './robot.js';
import { advanceAlong, insideArea, makeRoute } from './route.js';

describe('the demo site', () => {
  it('is a station around every loop with valid, separate fences; the pond lies across the first loop', () => {
    const site = demoSite(DEFAULT_MAP_CENTER, 20);
    expect(polygonProblem(site.area)).toBeNull();
    for (let i = 0; i < 20; i++) {
      for (const corner of makeRoute(DEFAULT_MAP_CENTER, i).points) expect(insideArea(corner, site.area)).toBe(true);
    }
    expect(site.fences.map((f) => f.name)).toEqual(['Pond', 'Lawn']);
    for (const fence of site.fences) expect(polygonProblem(fence.points)).toBeNull();
    expect(polygonsOverlap(site.fences[0]!.points, site.fences[1]!.points)).toBe(false);
    // 35 m along the first loop's first leg is in the pond.
    const route = makeRoute(DEFAULT_MAP_CENTER, 0);
    const inPond = advanceAlong(route, 0, route.points[0]!, 35, 1).position;
    const rules = site.fences.map((f, i) => ({
      fenceId: i + 1,
      name: f.name,
      kind: f.kind,
      priority: f.priority as number,
      points: f.points,
    }));
    expect(fenceRuleAt(inPond, rules).rule).toBe('forbidden');
    expect(fenceRuleAt(route.points[0]!, rules).rule).toBe('free');
  });

  it('has no lawn with a single robot', () => {
    expect(demoSite(DEFAULT_MAP_CENTER, 1).fences.map((f) => f.name)).toEqual(['Pond']);
  });
});
