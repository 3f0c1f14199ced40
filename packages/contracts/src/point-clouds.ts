import { z } from 'zod';
import { pageOf, pageQuery } from './envelope.js';
import { idValue, rowId, timeFilterOf } from './fields.js';

/**
 * Point clouds (`/trendVision/trendPoint`): scans a robot uploads (PCD or PLY, docs/robot-protocol.md,
 * "Point clouds"), kept by the robot's tenant and shown in 3D by the console.
 *
 * The file decoder lives here so that the server's check of an upload and the console's viewer read
 * a file the same way: what the server accepted, the console can show.
 */
export const pointCloudFormats = ['pcd', 'ply'] as const;
export type PointCloudFormat = (typeof pointCloudFormats)[number];
/** What a file may carry besides x, y, z. */
export const pointCloudExtraFields = ['intensity', 'rgb'] as const;
export type PointCloudExtraField = (typeof pointCloudExtraFields)[number];

/** The largest file a robot may upload: 32 MiB (two million points with x, y, z, intensity in binary). */
export const POINT_CLOUD_MAX_BYTES = 32 * 1024 * 1024;
/** The most points one file may hold (an ASCII file of short numbers could otherwise hold many more). */
export const POINT_CLOUD_MAX_POINTS = 4_000_000;
/** The audience of the token a robot signs to upload a point cloud (docs/robot-protocol.md). */
export const POINT_CLOUD_TOKEN_AUDIENCE = 'patrol-point-cloud';
/** The robot's own id of an upload: one cloud per robot and id, so a retry stores nothing twice. */
export const POINT_CLOUD_UPLOAD_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
/** Where a robot uploads, below the console's HTTP base: `PUT {prefix}/{serial}/{uploadId}`. */
export const POINT_CLOUD_INGEST_PREFIX = '/api/point-cloud/ingest';

/** The query of a robot's upload (`?name=…&capturedAt=…&format=…`). */
export const pointCloudIngestQuery = z.object({
  /** A name for people, e.g. `north-gate.pcd` (the serial and time when absent). */
  name: z.string().trim().min(1).max(100).optional(),
  /** When the scan was taken, epoch ms (the time it arrives when absent). */
  capturedAt: z.coerce.number().int().positive().max(253_402_300_799_999).optional(),
  /** `pcd` or `ply`; read from the file's first bytes when absent. */
  format: z.enum(pointCloudFormats).optional(),
});
export type PointCloudIngestQuery = z.input<typeof pointCloudIngestQuery>;

/** The answer to a robot's upload: the cloud's id, and whether this upload id was stored before. */
export const pointCloudIngestAnswer = z.object({
  pointCloudId: z.number().int(),
  points: z.number().int(),
  duplicate: z.boolean(),
});
export type PointCloudIngestAnswer = z.infer<typeof pointCloudIngestAnswer>;

const timeFilter = timeFilterOf();

/** GET robot-server/point-cloud/page: the tenant's clouds, newest scan first. */
export const pointCloudPageQuery = pageQuery.extend({
  robotId: rowId.optional(),
  /** Scans taken at or after / at or before. */
  startTime: timeFilter,
  endTime: timeFilter,
});
export type PointCloudPageQuery = z.input<typeof pointCloudPageQuery>;

export const pointCloudRow = z.object({
  pointCloudId: z.number().int(),
  robotId: z.number().int(),
  robotName: z.string(),
  serialNumber: z.string(),
  uploadId: z.string(),
  name: z.string(),
  format: z.enum(pointCloudFormats),
  sizeBytes: z.number().int(),
  points: z.number().int(),
  fields: z.array(z.enum(pointCloudExtraFields)),
  capturedAt: z.string(),
  receivedAt: z.string(),
});
export type PointCloudRow = z.infer<typeof pointCloudRow>;
export const pointCloudPage = pageOf(pointCloudRow);

export const pointCloudIdParams = z.object({ pointCloudId: rowId });
export const deletePointCloudRequest = z.object({ pointCloudId: idValue });
export type DeletePointCloudRequest = z.infer<typeof deletePointCloudRequest>;

/** Why a file cannot be read; `key` is a message of the `pointClouds` area. */
export class PointCloudError extends Error {
  readonly key: string;
  readonly params: Record<string, string | number> | undefined;
  constructor(key: string, params?: Record<string, string | number>) {
    super(key);
    this.name = 'PointCloudError';
    this.key = key;
    this.params = params;
  }
}

/** A decoded cloud: x, y, z of every point, and its intensity and colour when the file has them. */
export type DecodedPointCloud = {
  format: PointCloudFormat;
  encoding: 'ascii' | 'binary' | 'binary_compressed' | 'binary_little_endian';
  points: number;
  fields: PointCloudExtraField[];
  /** x, y, z per point. */
  positions: Float32Array;
  intensity: Float32Array | null;
  /** r, g, b per point, 0 to 255. */
  colors: Uint8Array | null;
};

type NumericType = 'i8' | 'u8' | 'i16' | 'u16' | 'i32' | 'u32' | 'f32' | 'f64';
const TYPE_SIZE: Record<NumericType, number> = { i8: 1, u8: 1, i16: 2, u16: 2, i32: 4, u32: 4, f32: 4, f64: 8 };

function readNumber(view: DataView, offset: number, type: NumericType): number {
  switch (type) {
    case 'i8':
      return view.getInt8(offset);
    case 'u8':
      return view.getUint8(offset);
    case 'i16':
      return view.getInt16(offset, true);
    case 'u16':
      return view.getUint16(offset, true);
    case 'i32':
      return view.getInt32(offset, true);
    case 'u32':
      return view.getUint32(offset, true);
    case 'f32':
      return view.getFloat32(offset, true);
    case 'f64':
      return view.getFloat64(offset, true);
  }
}

/** One scalar field of a point: its name, type, and how many values it holds. */
type Field = { name: string; type: NumericType; count: number };

/** The header lines of a file (at most 64 KiB of header), and where the data starts. */
function headerLines(bytes: Uint8Array, endMarker: (line: string) => boolean): { lines: string[]; dataOffset: number } {
  const lines: string[] = [];
  let start = 0;
  const limit = Math.min(bytes.length, 65_536);
  for (let i = 0; i < limit; i++) {
    if (bytes[i] !== 0x0a) continue;
    let line = '';
    for (let j = start; j < i; j++) line += String.fromCharCode(bytes[j]!);
    line = line.replace(/\r$/, '').trim();
    start = i + 1;
    lines.push(line);
    if (endMarker(line)) return { lines, dataOffset: start };
  }
  throw new PointCloudError('pointClouds.badHeader');
}

const positiveInt = (text: string | undefined): number | null =>
  text !== undefined && /^\d{1,10}$/.test(text) ? Number(text) : null;

/** The fields of interest: x, y, z (required), intensity, and the colour's own parts. */
type Layout = {
  x: number;
  y: number;
  z: number;
  intensity: number;
  /** PCD: one packed rgb/rgba field; PLY: red, green, blue. */
  rgb: number;
  red: number;
  green: number;
  blue: number;
};

function layoutOf(fields: Field[]): Layout {
  const find = (...names: string[]) => fields.findIndex((f) => names.includes(f.name.toLowerCase()));
  const layout: Layout = {
    x: find('x'),
    y: find('y'),
    z: find('z'),
    intensity: find('intensity', 'scalar_intensity'),
    rgb: find('rgb', 'rgba'),
    red: find('red', 'r'),
    green: find('green', 'g'),
    blue: find('blue', 'b'),
  };
  if (layout.x < 0 || layout.y < 0 || layout.z < 0) throw new PointCloudError('pointClouds.missingXyz');
  for (const at of [layout.x, layout.y, layout.z]) {
    const f = fields[at]!;
    if (f.count !== 1 || (f.type !== 'f32' && f.type !== 'f64')) throw new PointCloudError('pointClouds.missingXyz');
  }
  if (layout.red < 0 || layout.green < 0 || layout.blue < 0) layout.red = layout.green = layout.blue = -1;
  return layout;
}

function extraFields(layout: Layout): PointCloudExtraField[] {
  const out: PointCloudExtraField[] = [];
  if (layout.intensity >= 0) out.push('intensity');
  if (layout.rgb >= 0 || layout.red >= 0) out.push('rgb');
  return out;
}

function checkPointCount(points: number | null) {
  if (points === null) throw new PointCloudError('pointClouds.badHeader');
  if (points > POINT_CLOUD_MAX_POINTS)
    throw new PointCloudError('pointClouds.tooManyPoints', { max: POINT_CLOUD_MAX_POINTS });
}

/** Output arrays for `points` points of this layout. */
function outputs(points: number, layout: Layout) {
  return {
    positions: new Float32Array(points * 3),
    intensity: layout.intensity >= 0 ? new Float32Array(points) : null,
    colors: layout.rgb >= 0 || layout.red >= 0 ? new Uint8Array(points * 3) : null,
  };
}

type Out = ReturnType<typeof outputs>;

/** Writes point `i` from its field values (the first value of each field). */
function store(
  out: Out,
  layout: Layout,
  i: number,
  value: (field: number) => number,
  packedRgb: (field: number) => number,
) {
  out.positions[i * 3] = value(layout.x);
  out.positions[i * 3 + 1] = value(layout.y);
  out.positions[i * 3 + 2] = value(layout.z);
  if (out.intensity) out.intensity[i] = value(layout.intensity);
  if (out.colors) {
    if (layout.rgb >= 0) {
      const packed = packedRgb(layout.rgb);
      out.colors[i * 3] = (packed >>> 16) & 0xff;
      out.colors[i * 3 + 1] = (packed >>> 8) & 0xff;
      out.colors[i * 3 + 2] = packed & 0xff;
    } else {
      out.colors[i * 3] = value(layout.red);
      out.colors[i * 3 + 1] = value(layout.green);
      out.colors[i * 3 + 2] = value(layout.blue);
    }
  }
}

/** The bytes as text, one character per byte (numbers are ASCII). */
function latin1(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += 8192) parts.push(String.fromCharCode(...bytes.subarray(i, i + 8192)));
  return parts.join('');
}

/** Reads `points` rows of text, each with exactly `width` numbers. */
function decodeAscii(bytes: Uint8Array, dataOffset: number, points: number, fields: Field[], layout: Layout, out: Out) {
  const width = fields.reduce((n, f) => n + f.count, 0);
  const starts: number[] = [];
  let at = 0;
  for (const f of fields) {
    starts.push(at);
    at += f.count;
  }
  const text = latin1(bytes.subarray(dataOffset));
  const scratch = new Float64Array(4);
  const packedView = new DataView(scratch.buffer);
  let row = 0;
  let lineStart = 0;
  const values: number[] = new Array<number>(width);
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    const line = text.slice(lineStart, lineEnd).trim();
    lineStart = lineEnd + 1;
    if (!line) continue;
    if (row >= points) throw new PointCloudError('pointClouds.pointCountMismatch', { points });
    const parts = line.split(/\s+/);
    if (parts.length !== width) throw new PointCloudError('pointClouds.badRow', { row: row + 1 });
    for (let k = 0; k < width; k++) {
      const v = Number(parts[k]);
      if (Number.isNaN(v) && parts[k]!.toLowerCase() !== 'nan')
        throw new PointCloudError('pointClouds.badRow', { row: row + 1 });
      values[k] = v;
    }
    store(
      out,
      layout,
      row,
      (f) => values[starts[f]!]!,
      (f) => {
        // A PCD colour written as a float carries the packed bits of 0x00RRGGBB.
        const v = values[starts[f]!]!;
        if (fields[f]!.type === 'f32') {
          packedView.setFloat32(0, v, true);
          return packedView.getUint32(0, true);
        }
        return v >>> 0;
      },
    );
    row++;
  }
  if (row !== points) throw new PointCloudError('pointClouds.pointCountMismatch', { points });
}

/** Reads `points` fixed-size records (array of structures). */
function decodeBinary(view: DataView, offset: number, points: number, fields: Field[], layout: Layout, out: Out) {
  const offsets: number[] = [];
  let stride = 0;
  for (const f of fields) {
    offsets.push(stride);
    stride += TYPE_SIZE[f.type] * f.count;
  }
  const available = view.byteLength - offset;
  if (available !== points * stride) throw new PointCloudError('pointClouds.pointCountMismatch', { points });
  const fast = fields[layout.x]!.type === 'f32' && fields[layout.y]!.type === 'f32' && fields[layout.z]!.type === 'f32';
  for (let i = 0; i < points; i++) {
    const base = offset + i * stride;
    if (fast && !out.intensity && !out.colors) {
      out.positions[i * 3] = view.getFloat32(base + offsets[layout.x]!, true);
      out.positions[i * 3 + 1] = view.getFloat32(base + offsets[layout.y]!, true);
      out.positions[i * 3 + 2] = view.getFloat32(base + offsets[layout.z]!, true);
      continue;
    }
    store(
      out,
      layout,
      i,
      (f) => readNumber(view, base + offsets[f]!, fields[f]!.type),
      (f) => view.getUint32(base + offsets[f]!, true),
    );
  }
}

/** LZF decompression (PCD `binary_compressed`); null when the data is not valid LZF of that size. */
export function lzfDecompress(input: Uint8Array, outputLength: number): Uint8Array | null {
  const output = new Uint8Array(outputLength);
  let ip = 0;
  let op = 0;
  while (ip < input.length) {
    let ctrl = input[ip++]!;
    if (ctrl < 32) {
      ctrl++;
      if (op + ctrl > outputLength || ip + ctrl > input.length) return null;
      output.set(input.subarray(ip, ip + ctrl), op);
      ip += ctrl;
      op += ctrl;
    } else {
      let len = ctrl >> 5;
      let ref = op - ((ctrl & 0x1f) << 8) - 1;
      if (ip >= input.length) return null;
      if (len === 7) {
        len += input[ip++]!;
        if (ip >= input.length) return null;
      }
      ref -= input[ip++]!;
      len += 2;
      if (ref < 0 || op + len > outputLength) return null;
      for (let k = 0; k < len; k++) output[op++] = output[ref++]!;
    }
  }
  return op === outputLength ? output : null;
}

/** Reads PCD `binary_compressed`: the fields one after the other (structure of arrays), LZF-compressed. */
function decodeCompressed(
  bytes: Uint8Array,
  offset: number,
  points: number,
  fields: Field[],
  layout: Layout,
  out: Out,
) {
  if (bytes.length - offset < 8) throw new PointCloudError('pointClouds.pointCountMismatch', { points });
  const head = new DataView(bytes.buffer, bytes.byteOffset + offset, 8);
  const compressed = head.getUint32(0, true);
  const uncompressed = head.getUint32(4, true);
  const stride = fields.reduce((n, f) => n + TYPE_SIZE[f.type] * f.count, 0);
  if (uncompressed !== points * stride || bytes.length - offset - 8 !== compressed)
    throw new PointCloudError('pointClouds.pointCountMismatch', { points });
  const data = lzfDecompress(bytes.subarray(offset + 8, offset + 8 + compressed), uncompressed);
  if (!data) throw new PointCloudError('pointClouds.badData');
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const starts: number[] = [];
  let at = 0;
  for (const f of fields) {
    starts.push(at);
    at += TYPE_SIZE[f.type] * f.count * points;
  }
  for (let i = 0; i < points; i++) {
    store(
      out,
      layout,
      i,
      (f) => {
        const size = TYPE_SIZE[fields[f]!.type] * fields[f]!.count;
        return readNumber(view, starts[f]! + i * size, fields[f]!.type);
      },
      (f) => view.getUint32(starts[f]! + i * 4 * fields[f]!.count, true),
    );
  }
}

const PCD_TYPES: Record<string, NumericType> = {
  F4: 'f32',
  F8: 'f64',
  U1: 'u8',
  U2: 'u16',
  U4: 'u32',
  I1: 'i8',
  I2: 'i16',
  I4: 'i32',
};

function decodePcd(bytes: Uint8Array): DecodedPointCloud {
  const { lines, dataOffset } = headerLines(bytes, (line) => /^DATA\s/i.test(line));
  const entries = new Map<string, string[]>();
  for (const line of lines) {
    if (!line || line.startsWith('#')) continue;
    const [key, ...rest] = line.split(/\s+/);
    entries.set(key!.toUpperCase(), rest);
  }
  const names = entries.get('FIELDS');
  const sizes = entries.get('SIZE');
  const types = entries.get('TYPE');
  const counts = entries.get('COUNT') ?? names?.map(() => '1');
  const encoding = entries.get('DATA')?.[0]?.toLowerCase();
  if (
    !names?.length ||
    sizes?.length !== names.length ||
    types?.length !== names.length ||
    counts?.length !== names.length
  )
    throw new PointCloudError('pointClouds.badHeader');
  const fields: Field[] = names.map((name, k) => {
    const type = PCD_TYPES[`${types[k]!.toUpperCase()}${sizes[k]!}`];
    const count = positiveInt(counts[k]);
    if (!type || !count) throw new PointCloudError('pointClouds.badHeader');
    return { name, type, count };
  });
  const width = positiveInt(entries.get('WIDTH')?.[0]);
  const height = positiveInt(entries.get('HEIGHT')?.[0]) ?? 1;
  const points = positiveInt(entries.get('POINTS')?.[0]) ?? (width === null ? null : width * height);
  checkPointCount(points);
  if (width !== null && width * height !== points) throw new PointCloudError('pointClouds.badHeader');
  const layout = layoutOf(fields);
  const out = outputs(points!, layout);
  if (encoding === 'ascii') decodeAscii(bytes, dataOffset, points!, fields, layout, out);
  else if (encoding === 'binary')
    decodeBinary(
      new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      dataOffset,
      points!,
      fields,
      layout,
      out,
    );
  else if (encoding === 'binary_compressed') decodeCompressed(bytes, dataOffset, points!, fields, layout, out);
  else throw new PointCloudError('pointClouds.unsupportedEncoding');
  return { format: 'pcd', encoding, points: points!, fields: extraFields(layout), ...out };
}

const PLY_TYPES: Record<string, NumericType> = {
  char: 'i8',
  int8: 'i8',
  uchar: 'u8',
  uint8: 'u8',
  short: 'i16',
  int16: 'i16',
  ushort: 'u16',
  uint16: 'u16',
  int: 'i32',
  int32: 'i32',
  uint: 'u32',
  uint32: 'u32',
  float: 'f32',
  float32: 'f32',
  double: 'f64',
  float64: 'f64',
};

function decodePly(bytes: Uint8Array): DecodedPointCloud {
  const { lines, dataOffset } = headerLines(bytes, (line) => line === 'end_header');
  if (lines[0] !== 'ply') throw new PointCloudError('pointClouds.badHeader');
  let encoding: string | undefined;
  let points: number | null = null;
  const fields: Field[] = [];
  let element = '';
  for (const line of lines.slice(1, -1)) {
    const parts = line.split(/\s+/);
    if (parts[0] === 'format') encoding = parts[1];
    else if (parts[0] === 'element') {
      element = parts[1] ?? '';
      const n = positiveInt(parts[2]);
      if (element === 'vertex') points = n;
      // Faces and other elements would follow the vertices; a scan has none.
      else if (n !== 0) throw new PointCloudError('pointClouds.unsupportedElement', { element });
    } else if (parts[0] === 'property' && element === 'vertex') {
      const type = PLY_TYPES[parts[1] ?? ''];
      if (!type || parts.length !== 3) throw new PointCloudError('pointClouds.badHeader');
      fields.push({ name: parts[2]!, type, count: 1 });
    } else if (parts[0] !== 'comment' && parts[0] !== 'obj_info' && parts[0] !== 'property' && line)
      throw new PointCloudError('pointClouds.badHeader');
  }
  checkPointCount(points);
  const layout = layoutOf(fields);
  if (layout.rgb >= 0) layout.rgb = -1;
  const out = outputs(points!, layout);
  if (encoding === 'ascii') decodeAscii(bytes, dataOffset, points!, fields, layout, out);
  else if (encoding === 'binary_little_endian')
    decodeBinary(
      new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      dataOffset,
      points!,
      fields,
      layout,
      out,
    );
  else throw new PointCloudError('pointClouds.unsupportedEncoding');
  return { format: 'ply', encoding, points: points!, fields: extraFields(layout), ...out };
}

/** The format a file's first bytes announce, or null. */
export function sniffPointCloudFormat(bytes: Uint8Array): PointCloudFormat | null {
  const head = String.fromCharCode(...bytes.subarray(0, 16));
  if (/^ply\r?\n/.test(head)) return 'ply';
  if (/^(#|VERSION\s|FIELDS\s)/i.test(head)) return 'pcd';
  return null;
}

/**
 * Reads a PCD (ascii, binary, binary_compressed) or PLY (ascii, binary_little_endian) file with x,
 * y, z and optionally intensity and colour. Throws a PointCloudError when the header is wrong or the
 * data does not hold exactly the points the header announces.
 */
export function decodePointCloud(bytes: Uint8Array, format?: PointCloudFormat): DecodedPointCloud {
  const actual = sniffPointCloudFormat(bytes);
  if (!actual || (format && format !== actual)) throw new PointCloudError('pointClouds.unknownFormat');
  return actual === 'pcd' ? decodePcd(bytes) : decodePly(bytes);
}
