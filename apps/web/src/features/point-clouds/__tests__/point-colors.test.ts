import { describe, expect, it } from 'vitest';
import { decodePointCloud } from '@patrol/contracts';
import {
  cloudBounds,
  colorModes,
  colorize,
  heightRange,
  intensityRange,
  legendGradient,
  rampColor,
} from '../components/point-colors';

const PCD = (rows: string[], fields = 'x y z intensity') =>
  new TextEncoder().encode(
    [
      'VERSION 0.7',
      `FIELDS ${fields}`,
      `SIZE ${fields
        .split(' ')
        .map(() => 4)
        .join(' ')}`,
      `TYPE ${fields
        .split(' ')
        .map(() => 'F')
        .join(' ')}`,
      `COUNT ${fields
        .split(' ')
        .map(() => 1)
        .join(' ')}`,
      `WIDTH ${rows.length}`,
      'HEIGHT 1',
      `POINTS ${rows.length}`,
      'DATA ascii',
      ...rows,
      '',
    ].join('\n'),
  );

describe('point cloud parsing and colouring', () => {
  const cloud = decodePointCloud(PCD(['0 0 -1 10', '1 2 3 40', '2 4 1 20', 'nan nan nan 0']));

  it('reads x, y, z and intensity of each point of an ASCII PCD', () => {
    expect(cloud.points).toBe(4);
    expect(Array.from(cloud.positions.slice(0, 6))).toEqual([0, 0, -1, 1, 2, 3]);
    expect(Array.from(cloud.intensity!)).toEqual([10, 40, 20, 0]);
    expect(cloud.colors).toBeNull();
  });

  it('finds the height and intensity ranges over the finite values only', () => {
    expect(heightRange(cloud.positions)).toEqual({ min: -1, max: 3 });
    expect(intensityRange(cloud.intensity)).toEqual({ min: 0, max: 40 });
    expect(intensityRange(null)).toBeNull();
    expect(cloudBounds(cloud.positions)).toEqual({ min: [0, 0, -1], max: [2, 4, 3] });
    expect(heightRange(new Float32Array([NaN, NaN, NaN]))).toBeNull();
  });

  it('colours the lowest point with the ramp start and the highest with its end', () => {
    const { colors, range, mode } = colorize(cloud, 'height');
    expect(mode).toBe('height');
    expect(range).toEqual({ min: -1, max: 3 });
    expect(Array.from(colors.slice(0, 3))).toEqual(rampColor(0));
    expect(Array.from(colors.slice(3, 6))).toEqual(rampColor(1));
    // By intensity the order changes: the third point (20) is half way between 0 and 40.
    const byIntensity = colorize(cloud, 'intensity');
    expect(byIntensity.range).toEqual({ min: 0, max: 40 });
    expect(Array.from(byIntensity.colors.slice(3, 6))).toEqual(rampColor(1));
    expect(Array.from(byIntensity.colors.slice(6, 9))).toEqual(rampColor(128 / 255));
    // The lowest point is a quarter up the intensity scale: another colour than by height.
    expect(Array.from(byIntensity.colors.slice(0, 3))).toEqual(rampColor(64 / 255));
    expect(Array.from(byIntensity.colors.slice(0, 3))).not.toEqual(Array.from(colors.slice(0, 3)));
  });

  it('offers intensity and colour only when the file has them, falling back to height', () => {
    expect(colorModes(cloud)).toEqual(['height', 'intensity']);
    const plain = decodePointCloud(PCD(['0 0 0', '1 1 1'], 'x y z'));
    expect(colorModes(plain)).toEqual(['height']);
    expect(colorize(plain, 'intensity').mode).toBe('height');
    const ply = decodePointCloud(
      new TextEncoder().encode(
        'ply\nformat ascii 1.0\nelement vertex 1\nproperty float x\nproperty float y\nproperty float z\nproperty uchar red\nproperty uchar green\nproperty uchar blue\nend_header\n1 2 3 200 100 50\n',
      ),
    );
    expect(colorModes(ply)).toEqual(['height', 'rgb']);
    expect(Array.from(colorize(ply, 'rgb').colors)).toEqual([200, 100, 50]);
  });

  it('a flat cloud gets one colour, not a division by zero', () => {
    const flat = decodePointCloud(PCD(['0 0 1', '5 5 1'], 'x y z'));
    const { colors } = colorize(flat, 'height');
    expect(Array.from(colors)).toEqual([...rampColor(0), ...rampColor(0)]);
  });

  it('refuses a file whose data does not hold the points its header announces', () => {
    expect(() => decodePointCloud(PCD(['0 0 0 1']).slice(0, -8))).toThrow();
    expect(() => decodePointCloud(new TextEncoder().encode('not a cloud'))).toThrow();
  });

  it('reads binary PLY and PCD binary_compressed', () => {
    const header =
      'ply\nformat binary_little_endian 1.0\nelement vertex 2\nproperty float x\nproperty float y\nproperty float z\nproperty float intensity\nend_header\n';
    const head = new TextEncoder().encode(header);
    const body = new Float32Array([1, 2, 3, 9, 4, 5, 6, 7]);
    const bytes = new Uint8Array(head.length + body.byteLength);
    bytes.set(head);
    bytes.set(new Uint8Array(body.buffer), head.length);
    const ply = decodePointCloud(bytes);
    expect(Array.from(ply.positions)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(Array.from(ply.intensity!)).toEqual([9, 7]);

    // binary_compressed with LZF literal runs: fields one after another (x x, y y, z z).
    const soa = new Float32Array([1, 4, 2, 5, 3, 6]);
    const raw = new Uint8Array(soa.buffer);
    const lzf = new Uint8Array(raw.length + 1);
    lzf[0] = raw.length - 1;
    lzf.set(raw, 1);
    const pcdHead = new TextEncoder().encode(
      'VERSION 0.7\nFIELDS x y z\nSIZE 4 4 4\nTYPE F F F\nCOUNT 1 1 1\nWIDTH 2\nHEIGHT 1\nPOINTS 2\nDATA binary_compressed\n',
    );
    const sizes = new Uint32Array([lzf.length, raw.length]);
    const pcd = new Uint8Array(pcdHead.length + 8 + lzf.length);
    pcd.set(pcdHead);
    pcd.set(new Uint8Array(sizes.buffer), pcdHead.length);
    pcd.set(lzf, pcdHead.length + 8);
    expect(Array.from(decodePointCloud(pcd).positions)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('draws the legend with the same ramp', () => {
    const [r, g, b] = rampColor(0);
    expect(legendGradient()).toContain(`rgb(${r} ${g} ${b}) 0%`);
  });
});
