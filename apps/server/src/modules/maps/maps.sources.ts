import { createHash } from 'node:crypto';
import { open, readdir, readFile, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { MapSource } from '@patrol/contracts';
import { PMTiles, type RangeResponse, type Source } from 'pmtiles';

/**
 * Reading what a site copied into `DATA_DIR/maps`: XYZ folders, MBTiles and PMTiles files, and site
 * plan images. Nothing here knows HTTP; the service turns "nothing there" (null) into a 404.
 */

export const TILE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp'] as const;
export const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
};
const TILE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

export type MapFile = { bytes: Buffer; contentType: string; etag: string };

const etagOf = (bytes: Buffer) => `"${createHash('sha1').update(bytes).digest('base64url').slice(0, 27)}"`;
const extension = (name: string) => path.extname(name).slice(1).toLowerCase();

/** The path of `name` directly inside `dir`, or null when it would land anywhere else. */
export function inside(dir: string, name: string): string | null {
  const root = path.resolve(dir);
  const target = path.resolve(root, name);
  return path.dirname(target) === root && path.basename(target) === name ? target : null;
}

async function statOrNull(file: string) {
  try {
    return await stat(file);
  } catch {
    return null;
  }
}

/** A PMTiles source reading byte ranges of a local file: the archive is never loaded whole. */
class LocalFileSource implements Source {
  private handle: Promise<FileHandle> | null = null;
  constructor(
    private readonly file: string,
    private readonly key: string,
  ) {}
  getKey() {
    return this.key;
  }
  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    this.handle ??= open(this.file, 'r');
    const handle = await this.handle;
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, offset);
    const data = buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + bytesRead) as ArrayBuffer;
    return { data };
  }
  async close() {
    const handle = this.handle;
    this.handle = null;
    if (handle) await (await handle).close();
  }
}

type SqliteDatabase = {
  prepare(sql: string): { get(...params: unknown[]): Record<string, unknown> | undefined; all(): unknown[] };
  close(): void;
};
type SqliteModule = { DatabaseSync: new (file: string, options?: { readOnly?: boolean }) => SqliteDatabase };

let sqlite: Promise<SqliteModule | null> | null = null;
/** `node:sqlite` (Node 22.13+ and 24); null on a Node without it. */
export function loadSqlite(): Promise<SqliteModule | null> {
  sqlite ??= import('node:sqlite' as string).then(
    (m) => m as SqliteModule,
    () => null,
  );
  return sqlite;
}

/** MBTiles on a Node without `node:sqlite`: the tile set cannot be read. */
export class MbtilesUnsupportedError extends Error {
  constructor(file: string) {
    super(
      `${path.basename(file)}: reading MBTiles needs Node 22.13 or later (node:sqlite); this is Node ${process.versions.node}. Convert it with "pmtiles convert" or run a newer Node.`,
    );
    this.name = 'MbtilesUnsupportedError';
  }
}

const TILE_TYPE_FORMATS: Record<number, string> = { 2: 'png', 3: 'jpg', 4: 'webp', 5: 'avif' };

/** The sources of one maps folder, with the open archives kept (and reopened when a file changes). */
export function createMapSources(dir: string) {
  const archives = new Map<string, { stamp: string; pmtiles: PMTiles; source: LocalFileSource }>();
  const databases = new Map<string, { stamp: string; db: SqliteDatabase }>();
  const stampOf = (s: { size: number; mtimeMs: number }) => `${s.size}-${s.mtimeMs}`;

  async function pmtilesOf(file: string) {
    const s = await statOrNull(file);
    if (!s?.isFile()) return null;
    const stamp = stampOf(s);
    const known = archives.get(file);
    if (known?.stamp === stamp) return known.pmtiles;
    await known?.source.close();
    const source = new LocalFileSource(file, `${file}|${stamp}`);
    const pmtiles = new PMTiles(source);
    archives.set(file, { stamp, pmtiles, source });
    return pmtiles;
  }

  async function mbtilesOf(file: string) {
    const s = await statOrNull(file);
    if (!s?.isFile()) return null;
    const module = await loadSqlite();
    if (!module) throw new MbtilesUnsupportedError(file);
    const stamp = stampOf(s);
    const known = databases.get(file);
    if (known?.stamp === stamp) return known.db;
    known?.db.close();
    const db = new module.DatabaseSync(file, { readOnly: true });
    databases.set(file, { stamp, db });
    return db;
  }

  function mbtilesMetadata(db: SqliteDatabase): Record<string, string> {
    const rows = db.prepare('select name, value from metadata').all() as { name: string; value: string }[];
    return Object.fromEntries(rows.map((r) => [r.name, String(r.value)]));
  }

  async function describe(name: string): Promise<MapSource | null> {
    const file = inside(dir, name);
    const s = file ? await statOrNull(file) : null;
    if (!file || !s) return null;
    if (s.isDirectory()) {
      const zooms = (await readdir(file)).filter((z) => /^\d{1,2}$/.test(z)).map(Number);
      if (!zooms.length) return null;
      let format = 'png';
      const first = Math.min(...zooms);
      const columns = await readdir(path.join(file, String(first))).catch(() => []);
      for (const column of columns) {
        const rows = await readdir(path.join(file, String(first), column)).catch(() => []);
        const ext = rows.map(extension).find((e) => (TILE_EXTENSIONS as readonly string[]).includes(e));
        if (ext) {
          format = ext;
          break;
        }
      }
      return {
        source: name,
        kind: 'xyz',
        format,
        minZoom: first,
        maxZoom: Math.max(...zooms),
        bounds: null,
        size: 0,
      };
    }
    const ext = extension(name);
    if (ext === 'pmtiles') {
      const pmtiles = await pmtilesOf(file);
      const header = await pmtiles!.getHeader();
      return {
        source: name,
        kind: 'pmtiles',
        format: TILE_TYPE_FORMATS[header.tileType] ?? 'unknown',
        minZoom: header.minZoom,
        maxZoom: header.maxZoom,
        bounds: [header.minLon, header.minLat, header.maxLon, header.maxLat],
        size: s.size,
      };
    }
    if (ext === 'mbtiles') {
      const db = await mbtilesOf(file);
      const meta = mbtilesMetadata(db!);
      const bounds = meta.bounds?.split(',').map(Number);
      return {
        source: name,
        kind: 'mbtiles',
        format: meta.format ?? 'png',
        minZoom: meta.minzoom === undefined ? null : Number(meta.minzoom),
        maxZoom: meta.maxzoom === undefined ? null : Number(meta.maxzoom),
        bounds:
          bounds?.length === 4 && bounds.every(Number.isFinite) ? (bounds as [number, number, number, number]) : null,
        size: s.size,
      };
    }
    if (IMAGE_TYPES[ext]) {
      return {
        source: name,
        kind: 'image',
        format: ext === 'jpg' ? 'jpeg' : ext,
        minZoom: null,
        maxZoom: null,
        bounds: null,
        size: s.size,
      };
    }
    return null;
  }

  return {
    dir,

    /** Every source in the folder, by name; a file that cannot be read is logged by the caller and left out. */
    async list(onError: (name: string, error: unknown) => void): Promise<MapSource[]> {
      const names = await readdir(dir).catch(() => [] as string[]);
      const out: MapSource[] = [];
      for (const name of names.sort()) {
        if (name.startsWith('.')) continue;
        try {
          const source = await describe(name);
          if (source) out.push(source);
        } catch (error) {
          onError(name, error);
        }
      }
      return out;
    },

    /** One tile by XYZ numbering, or null when the source or the tile is not there. */
    async tile(name: string, z: number, x: number, y: number): Promise<MapFile | null> {
      const file = inside(dir, name);
      if (!file || z > 29 || x >= 2 ** z || y >= 2 ** z) return null;
      const s = await statOrNull(file);
      if (!s) return null;
      if (s.isDirectory()) {
        for (const ext of TILE_EXTENSIONS) {
          const bytes = await readFile(path.join(file, String(z), String(x), `${y}.${ext}`)).catch(() => null);
          if (bytes) return { bytes, contentType: TILE_TYPES[ext]!, etag: etagOf(bytes) };
        }
        return null;
      }
      const ext = extension(name);
      if (ext === 'pmtiles') {
        if (z > 26) return null;
        const pmtiles = await pmtilesOf(file);
        if (!pmtiles) return null;
        const header = await pmtiles.getHeader();
        const found = await pmtiles.getZxy(z, x, y);
        if (!found) return null;
        const bytes = Buffer.from(found.data);
        const format = TILE_TYPE_FORMATS[header.tileType];
        return { bytes, contentType: TILE_TYPES[format ?? ''] ?? 'application/octet-stream', etag: etagOf(bytes) };
      }
      if (ext === 'mbtiles') {
        const db = await mbtilesOf(file);
        if (!db) return null;
        // MBTiles numbers rows from the south (TMS): flip y.
        const row = db
          .prepare('select tile_data from tiles where zoom_level = ? and tile_column = ? and tile_row = ?')
          .get(z, x, 2 ** z - 1 - y);
        if (!row?.tile_data) return null;
        const bytes = Buffer.from(row.tile_data as Uint8Array);
        const format = mbtilesMetadata(db).format ?? 'png';
        return { bytes, contentType: TILE_TYPES[format] ?? 'image/png', etag: etagOf(bytes) };
      }
      return null;
    },

    /** A site plan image, or null when there is none by that name. */
    async image(name: string): Promise<MapFile | null> {
      const file = inside(dir, name);
      const contentType = IMAGE_TYPES[extension(name)];
      if (!file || !contentType) return null;
      const s = await statOrNull(file);
      if (!s?.isFile()) return null;
      const bytes = await readFile(file);
      return { bytes, contentType, etag: etagOf(bytes) };
    },

    async close() {
      for (const { source } of archives.values()) await source.close();
      archives.clear();
      for (const { db } of databases.values()) db.close();
      databases.clear();
    },
  };
}

export type MapSources = ReturnType<typeof createMapSources>;
