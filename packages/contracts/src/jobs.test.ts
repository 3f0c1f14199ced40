import { describe, expect, it } from 'vitest';
import {
  createJobRequest,
  formatPathNodes,
  JOB_NODES_MAX,
  nodeField,
  nodeIndexOfField,
  parsePathNodes,
  pathLengthM,
  pathProblem,
  type PathNode,
} from './jobs.js';
import type { LngLat } from './geometry.js';

const square = (x0: number, y0: number, x1: number, y1: number): LngLat[] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];
const node = (lng: number, lat: number, guide = 'Go', mode: 0 | 1 | 2 = 0, type: 0 | 1 = 0): PathNode => ({
  lng,
  lat,
  mode,
  type,
  guide,
});
const CSV_HEADER = 'lng,lat,mode,type,guide';

describe('parsePathNodes', () => {
  it('reads CSV with quoted guides (commas, quotes, line breaks) and CRLF or LF lines', () => {
    const text = [
      CSV_HEADER,
      '114.05,22.53,1,0,"Gate, north"',
      '114.06,22.54,0,1,"Say ""stop"""',
      '114.07,22.55,2,0,"Two',
      'lines"',
    ].join('\r\n');
    expect(parsePathNodes(text)).toEqual({
      nodes: [
        node(114.05, 22.53, 'Gate, north', 1),
        node(114.06, 22.54, 'Say "stop"', 0, 1),
        node(114.07, 22.55, 'Two\r\nlines', 2),
      ],
      problems: [],
    });
    // The header is read whatever its case and spacing; blank lines are skipped.
    expect(parsePathNodes(' LNG, Lat ,mode,type,guide\n\n1,2,0,0,a\n3,4,0,0,b\n').nodes).toEqual([
      node(1, 2, 'a'),
      node(3, 4, 'b'),
    ]);
  });

  it('reads a JSON array of nodes, the export format', () => {
    const nodes = [node(114.05, 22.53, 'A', 1), node(114.06, 22.54, 'B', 2, 1)];
    expect(parsePathNodes(JSON.stringify(nodes))).toEqual({ nodes, problems: [] });
    expect(parsePathNodes('[{"lng": 1, ')).toEqual({
      nodes: [],
      problems: [{ row: 0, key: 'jobs.importJsonInvalid' }],
    });
  });

  it('lists every bad row with the rule it breaks, and gives no node when any row is bad', () => {
    const text = [
      CSV_HEADER,
      '114.05,22.53,1,0,ok',
      '181,22.53,0,0,lng out of range',
      '114.05,-90.5,0,0,lat out of range',
      '114.05,22.53,3,0,mode 3',
      '114.05,22.53,0,2,type 2',
      '114.05,22.53,0,0,',
      ',22.53,0,0,no lng',
      'abc,22.53,0,0,not a number',
      '114.05,22.53,,0,no mode',
    ].join('\n');
    const { nodes, problems } = parsePathNodes(text);
    expect(nodes).toEqual([]);
    expect(problems).toEqual([
      { row: 2, key: 'geometry.coordinateInvalid' },
      { row: 3, key: 'geometry.coordinateInvalid' },
      { row: 4, key: 'jobs.nodeModeInvalid' },
      { row: 5, key: 'jobs.nodeTypeInvalid' },
      { row: 6, key: 'jobs.guideRequired' },
      { row: 7, key: 'geometry.coordinateInvalid' },
      { row: 8, key: 'geometry.coordinateInvalid' },
      { row: 9, key: 'jobs.nodeModeInvalid' },
    ]);
  });

  it('refuses an empty text, a wrong header, one node and too many nodes as a whole', () => {
    expect(parsePathNodes('  ').problems).toEqual([{ row: 0, key: 'jobs.importRequired' }]);
    expect(parsePathNodes(CSV_HEADER).problems).toEqual([{ row: 0, key: 'jobs.importRequired' }]);
    expect(parsePathNodes('[]').problems).toEqual([{ row: 0, key: 'jobs.importRequired' }]);
    expect(parsePathNodes('x,y,mode,type,guide\n1,2,0,0,a').problems).toEqual([
      { row: 0, key: 'jobs.importHeaderInvalid' },
    ]);
    expect(parsePathNodes(`${CSV_HEADER}\n1,2,0,0,a`).problems).toEqual([{ row: 0, key: 'jobs.pathTooShort' }]);
    const many = Array.from({ length: JOB_NODES_MAX + 1 }, (_, i) => node(i / 10_000, 0));
    expect(parsePathNodes(JSON.stringify(many)).problems).toEqual([
      { row: 0, key: 'jobs.pathTooLong', params: { max: JOB_NODES_MAX } },
    ]);
  });

  it('takes back what formatPathNodes writes, in both formats', () => {
    const nodes = [node(114.051234, 22.531234, 'Gate, "north"', 1), node(114.06, 22.54, 'Line\nbreak', 2, 1)];
    for (const format of ['csv', 'json'] as const) {
      expect(parsePathNodes(formatPathNodes(nodes, format))).toEqual({ nodes, problems: [] });
    }
  });
});

describe('pathProblem', () => {
  const station = square(114.05, 22.53, 114.07, 22.55);
  const pond = { name: 'Pond', points: square(114.059, 22.538, 114.061, 22.542) };

  it('finds the first segment that leaves the station, 0-based', () => {
    const path = [node(114.055, 22.54), node(114.06, 22.545), node(114.06, 22.56), node(114.055, 22.54)];
    expect(pathProblem(path, station, [])).toEqual({ key: 'jobs.pathLeavesStation', segment: 1 });
    // A segment that leaves and comes back with both ends inside still leaves.
    const concave: LngLat[] = [
      [114.05, 22.53],
      [114.07, 22.53],
      [114.07, 22.55],
      [114.06, 22.54],
      [114.05, 22.55],
    ];
    expect(pathProblem([node(114.055, 22.545), node(114.065, 22.545)], concave, [])).toEqual({
      key: 'jobs.pathLeavesStation',
      segment: 0,
    });
  });

  it('finds a segment crossing or touching a forbidden fence, naming it', () => {
    const across = [node(114.055, 22.54), node(114.058, 22.54), node(114.065, 22.54)];
    expect(pathProblem(across, station, [pond])).toEqual({
      key: 'jobs.pathCrossesFence',
      segment: 1,
      fenceName: 'Pond',
    });
    // Ending inside the fence counts too.
    expect(pathProblem([node(114.055, 22.54), node(114.06, 22.54)], station, [pond])?.key).toBe(
      'jobs.pathCrossesFence',
    );
  });

  it('accepts a path around the fence, inside the station; no station area or fence means no check', () => {
    const around = [
      node(114.055, 22.54),
      node(114.058, 22.54),
      node(114.058, 22.544),
      node(114.062, 22.544),
      node(114.062, 22.54),
    ];
    expect(pathProblem(around, station, [pond])).toBeNull();
    expect(pathProblem([node(0, 0), node(1, 1)], null, [])).toBeNull();
    // A node repeated (the robot waits there) is not a problem.
    expect(pathProblem([node(114.055, 22.54), node(114.055, 22.54)], station, [pond])).toBeNull();
  });
});

describe('path helpers', () => {
  it('measures a path in metres', () => {
    // 0.01° of latitude is about 1,112 m anywhere.
    expect(pathLengthM([node(114.05, 22.53), node(114.05, 22.54)])).toBeCloseTo(1112, -1);
    expect(pathLengthM([node(114.05, 22.53), node(114.05, 22.54), node(114.05, 22.53)])).toBeCloseTo(2224, -1);
    expect(pathLengthM([node(1, 1)])).toBe(0);
  });

  it('names a node field of an error answer and reads it back', () => {
    expect(nodeField(3)).toBe('nodes.3');
    expect(nodeIndexOfField('nodes.3')).toBe(3);
    expect(nodeIndexOfField('nodes.3.lng')).toBeNull();
    expect(nodeIndexOfField('name')).toBeNull();
  });

  it('asks for the station with its own message', () => {
    const parsed = createJobRequest.safeParse({});
    expect(parsed.success).toBe(false);
    const byPath = Object.fromEntries((parsed.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(byPath.stationId).toBe('jobs.stationRequired');
    expect(byPath.nodes).toBe('jobs.pathRequired');
  });
});
