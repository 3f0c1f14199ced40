import { describe, expect, it } from 'vitest';
import { areaNodes, polygonProblem, polygonsOverlap, type LngLat } from './geometry.js';
import { cutPolygon, cutProblem, fenceDataText, fenceToFeature, parseFenceImport } from './fences.js';

const square = (x: number, y: number, d = 0.001): LngLat[] => [
  [x, y],
  [x + d, y],
  [x + d, y + d],
  [x, y + d],
];

describe('areas a robot can obey', () => {
  it('takes a square and refuses a bow-tie, a line and fewer than 3 nodes', () => {
    expect(polygonProblem(square(114, 22.5))).toBeNull();
    const bowTie: LngLat[] = [
      [114, 22.5],
      [114.001, 22.501],
      [114.001, 22.5],
      [114, 22.501],
    ];
    expect(polygonProblem(bowTie)).toBe('geometry.selfIntersecting');
    expect(areaNodes.safeParse(square(114, 22.5).slice(0, 2)).error?.issues[0]?.message).toBe('geometry.tooFewNodes');
    expect(areaNodes.safeParse([[200, 22.5], ...square(114, 22.5)]).error?.issues[0]?.message).toBe(
      'geometry.coordinateInvalid',
    );
  });

  it('tells an overlap from a shared edge', () => {
    expect(polygonsOverlap(square(114, 22.5), square(114.0005, 22.5))).toBe(true);
    expect(polygonsOverlap(square(114, 22.5), square(114.001, 22.5))).toBe(false);
  });

  it('reads the collected data as JSON text', () => {
    expect(fenceDataText.safeParse('[[1,2],').error?.issues[0]?.message).toBe('fences.dataJsonInvalid');
    expect(fenceDataText.safeParse('').error?.issues[0]?.message).toBe('fences.dataRequired');
    expect(fenceDataText.parse(JSON.stringify(square(114, 22.5)))).toHaveLength(4);
  });
});

describe('cut mode', () => {
  const hexagon: LngLat[] = [
    [114, 22.5],
    [114.001, 22.5],
    [114.0015, 22.5005],
    [114.001, 22.501],
    [114, 22.501],
    [113.9995, 22.5005],
  ];
  it('refuses adjacent vertices (the first and last are adjacent too) and cuts between others', () => {
    expect(cutProblem(hexagon, 0, 1)).toBe('fences.cutPointsAdjacent');
    expect(cutProblem(hexagon, 5, 0)).toBe('fences.cutPointsAdjacent');
    expect(cutProblem(hexagon, 0, 3)).toBeNull();
    const [a, b] = cutPolygon(hexagon, 0, 3);
    expect(a).toHaveLength(4);
    expect(b).toHaveLength(4);
  });
});

describe('fence import', () => {
  const feature = (name: string, nodes: unknown) => ({
    type: 'Feature',
    properties: { name, priority: 1, kind: 'forbidden' },
    geometry: { type: 'Polygon', coordinates: [nodes] },
  });
  it('lists every bad feature and imports none of them', () => {
    const closed = [...square(114, 22.5), square(114, 22.5)[0]];
    const text = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        feature('A', closed),
        feature('B', [
          [114, 22.5],
          [114.001, 22.5],
        ]),
        feature('C', [
          [114, 95],
          [114, 22],
          [115, 22],
        ]),
      ],
    });
    const { fences, problems } = parseFenceImport(text);
    expect(problems.map((p) => [p.index, p.name, p.key])).toEqual([
      [1, 'B', 'geometry.tooFewNodes'],
      [2, 'C', 'geometry.coordinateInvalid'],
    ]);
    expect(fences).toHaveLength(1);
  });
  it('takes back what the export wrote', () => {
    const row = {
      name: 'Gate',
      kind: 'slow' as const,
      priority: 3,
      description: '',
      collected: false,
      points: square(114, 22.5),
    };
    const { fences, problems } = parseFenceImport(
      JSON.stringify({ type: 'FeatureCollection', features: [fenceToFeature(row)] }),
    );
    expect(problems).toEqual([]);
    expect(fences[0]).toMatchObject({ name: 'Gate', kind: 'slow', priority: 3, points: row.points });
  });
  it('says when the text is not JSON', () => {
    expect(parseFenceImport('{').problems[0]?.key).toBe('fences.dataJsonInvalid');
  });
});
