import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { zxyToTileId } from 'pmtiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeTenant, makeUser } from '../../../test/factories.js';
import { loadSqlite } from './maps.sources.js';

/** Distinct small "images": the PNG signature and a marker, enough to tell tiles apart. */
const png = (marker: string) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(marker)]);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';

function varint(value: number, out: number[]) {
  let v = value;
  while (v >= 0x80) {
    out.push((v & 0x7f) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
}

/**
 * A PMTiles v3 archive as the format describes it: a 127-byte header, an uncompressed root
 * directory (ids as deltas, run lengths, lengths, offsets + 1), JSON metadata, then the tiles.
 */
export function pmtilesArchive(tiles: { z: number; x: number; y: number; data: Buffer }[]): Buffer {
  const entries = tiles.map((t) => ({ id: zxyToTileId(t.z, t.x, t.y), data: t.data })).sort((a, b) => a.id - b.id);
  const dir: number[] = [];
  varint(entries.length, dir);
  let last = 0;
  for (const e of entries) {
    varint(e.id - last, dir);
    last = e.id;
  }
  for (const _ of entries) varint(1, dir);
  for (const e of entries) varint(e.data.length, dir);
  let offset = 0;
  for (const e of entries) {
    varint(offset + 1, dir);
    offset += e.data.length;
  }
  const root = Buffer.from(dir);
  const metadata = Buffer.from('{}');
  const data = Buffer.concat(entries.map((e) => e.data));
  const header = Buffer.alloc(127);
  header.write('PMTiles', 0, 'ascii');
  header.writeUInt8(3, 7);
  const u64 = (at: number, v: number) => header.writeBigUInt64LE(BigInt(v), at);
  u64(8, 127);
  u64(16, root.length);
  u64(24, 127 + root.length);
  u64(32, metadata.length);
  u64(40, 0);
  u64(48, 0);
  u64(56, 127 + root.length + metadata.length);
  u64(64, data.length);
  u64(72, entries.length);
  u64(80, entries.length);
  u64(88, entries.length);
  header.writeUInt8(0, 96); // not clustered
  header.writeUInt8(1, 97); // internal compression: none
  header.writeUInt8(1, 98); // tile compression: none
  header.writeUInt8(2, 99); // PNG
  header.writeUInt8(Math.min(...tiles.map((t) => t.z)), 100);
  header.writeUInt8(Math.max(...tiles.map((t) => t.z)), 101);
  header.writeInt32LE(113.9 * 1e7, 102);
  header.writeInt32LE(22.5 * 1e7, 106);
  header.writeInt32LE(114.0 * 1e7, 110);
  header.writeInt32LE(22.6 * 1e7, 114);
  return Buffer.concat([header, root, metadata, data]);
}

const sqlite = await loadSqlite();

describe('map sources in DATA_DIR/maps', () => {
  let t: TestApp;
  let dataDir: string;
  let token: string;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...as(token), ...headers } });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'maps-'));
    const maps = path.join(dataDir, 'maps');
    await mkdir(path.join(maps, 'campus', '18', '5'), { recursive: true });
    await writeFile(path.join(maps, 'campus', '18', '5', '7.png'), png('xyz-18-5-7'));
    await writeFile(path.join(maps, 'site.svg'), SVG);
    await writeFile(path.join(maps, 'plan.png'), png('plan'));
    await writeFile(path.join(maps, 'notes.txt'), 'not a map');
    await writeFile(path.join(dataDir, 'secret.png'), png('outside'));
    await writeFile(
      path.join(maps, 'area.pmtiles'),
      pmtilesArchive([
        { z: 0, x: 0, y: 0, data: png('pm-0-0-0') },
        { z: 3, x: 6, y: 3, data: png('pm-3-6-3') },
        { z: 3, x: 6, y: 4, data: png('pm-3-6-4') },
      ]),
    );
    if (sqlite) {
      const db = new sqlite.DatabaseSync(path.join(maps, 'town.mbtiles'));
      db.prepare('create table metadata (name text, value text)').all();
      db.prepare(
        'create table tiles (zoom_level integer, tile_column integer, tile_row integer, tile_data blob)',
      ).all();
      db.prepare("insert into metadata values ('format', 'png'), ('minzoom', '2'), ('maxzoom', '2')").all();
      // Row 1 of zoom 2 counted from the south (TMS) is row 2 counted from the north (XYZ).
      db.prepare('insert into tiles values (2, 3, 1, ?)').get(png('mb-2-3-xyz2'));
      db.close();
    } else {
      await writeFile(path.join(maps, 'town.mbtiles'), 'SQLite format 3\0');
    }
    t = await createTestApp({ dataDir });
    const tenant = await makeTenant(t);
    const user = await makeUser(t, tenant.id);
    token = await login(t.app, user.account, user.password);
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lists the tile sets and site plans a site copied there, and nothing else', async () => {
    const res = await get('/api/map-server/sources');
    expect(res.statusCode).toBe(200);
    const sources = res.json().data as { source: string; kind: string; format: string; minZoom: number | null }[];
    const byName = Object.fromEntries(sources.map((s) => [s.source, s]));
    expect(byName.campus).toMatchObject({ kind: 'xyz', format: 'png', minZoom: 18, maxZoom: 18 });
    expect(byName['area.pmtiles']).toMatchObject({ kind: 'pmtiles', format: 'png', minZoom: 0, maxZoom: 3 });
    expect(byName['site.svg']).toMatchObject({ kind: 'image', format: 'svg' });
    expect(byName['plan.png']).toMatchObject({ kind: 'image', format: 'png' });
    expect(byName['notes.txt']).toBeUndefined();
    if (sqlite) expect(byName['town.mbtiles']).toMatchObject({ kind: 'mbtiles', minZoom: 2, maxZoom: 2 });
    else expect(byName['town.mbtiles']).toBeUndefined();
  });

  it('serves an XYZ folder tile with its type and caching headers, and 304 when unchanged', async () => {
    const res = await get('/api/map-server/tiles/campus/18/5/7');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(png('xyz-18-5-7'))).toBe(true);
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await get('/api/map-server/tiles/campus/18/5/7', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('answers 404 for a tile that is not there, and for an unknown source', async () => {
    expect((await get('/api/map-server/tiles/campus/18/5/8')).statusCode).toBe(404);
    expect((await get('/api/map-server/tiles/campus/17/5/7')).statusCode).toBe(404);
    expect((await get('/api/map-server/tiles/nowhere/1/0/0')).statusCode).toBe(404);
    expect((await get('/api/map-server/tiles/area.pmtiles/3/7/7')).statusCode).toBe(404);
  });

  it('reads PMTiles tiles from byte ranges of the archive, by XYZ numbering', async () => {
    for (const [z, x, y] of [
      [0, 0, 0],
      [3, 6, 3],
      [3, 6, 4],
    ] as const) {
      const res = await get(`/api/map-server/tiles/area.pmtiles/${z}/${x}/${y}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.rawPayload.equals(png(`pm-${z}-${x}-${y}`))).toBe(true);
    }
  });

  it.runIf(sqlite)('reads MBTiles rows numbered from the south as XYZ tiles (Node with node:sqlite)', async () => {
    const res = await get('/api/map-server/tiles/town.mbtiles/2/3/2');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(png('mb-2-3-xyz2'))).toBe(true);
    expect((await get('/api/map-server/tiles/town.mbtiles/2/3/1')).statusCode).toBe(404);
  });

  it.runIf(!sqlite)('answers MBTiles with a clear error on a Node without node:sqlite (this Node)', async () => {
    const res = await get('/api/map-server/tiles/town.mbtiles/2/3/2', { lang: 'en-US' });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toContain('Node 22.13');
  });

  it('serves an SVG site plan that can run nothing, and a PNG plan with its type', async () => {
    const svg = await get('/api/map-server/images/site.svg');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(svg.headers['x-content-type-options']).toBe('nosniff');
    expect(svg.body).toBe(SVG);
    const plan = await get('/api/map-server/images/plan.png');
    expect(plan.headers['content-type']).toBe('image/png');
    expect((await get('/api/map-server/images/notes.txt')).statusCode).toBe(404);
    expect((await get('/api/map-server/images/campus')).statusCode).toBe(404);
  });

  it('never reads outside the maps folder', async () => {
    for (const url of [
      '/api/map-server/images/..%2Fsecret.png',
      '/api/map-server/images/%2E%2E%2Fsecret.png',
      '/api/map-server/images/.hidden.png',
      '/api/map-server/tiles/..%2F..%2Fetc/1/0/0',
      '/api/map-server/tiles/../1/0/0',
    ]) {
      const res = await get(url);
      expect([404, 422]).toContain(res.statusCode);
      expect(res.rawPayload.includes(Buffer.from('outside'))).toBe(false);
    }
  });

  it('answers 401 to a call without a session', async () => {
    for (const url of [
      '/api/map-server/sources',
      '/api/map-server/tiles/campus/18/5/7',
      '/api/map-server/images/site.svg',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
