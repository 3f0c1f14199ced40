import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  decodePointCloud,
  POINT_CLOUD_INGEST_PREFIX,
  POINT_CLOUD_MAX_BYTES,
  type Page,
  type PointCloudRow,
} from '@patrol/contracts';
import { scanPcd, type SimRobot } from '@patrol/robot-sim';
import { eq, sql } from 'drizzle-orm';
import { SignJWT, importPKCS8 } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeTenant, makeUser } from '../../../test/factories.js';
import { registerRobot, simRobot, type RegisteredRobot } from '../../../test/robots.js';
import { ADMIN_ACCOUNT } from '../../seed.js';
import { newRobotKeyPair } from '../robots/robots.service.js';
import { pointClouds } from './point-clouds.tables.js';

const BASE = '/api/robot-server/point-cloud';
const GRANTS = [
  `GET ${BASE}/page`,
  `GET ${BASE}/:pointCloudId`,
  `GET ${BASE}/:pointCloudId/file`,
  `POST ${BASE}/delete`,
  'POST /api/robot-server/robot/create',
];

/** A small PLY in ASCII with colours. */
const PLY_ASCII = [
  'ply',
  'format ascii 1.0',
  'comment made by hand',
  'element vertex 3',
  'property float x',
  'property float y',
  'property float z',
  'property uchar red',
  'property uchar green',
  'property uchar blue',
  'end_header',
  '0 0 0 255 0 0',
  '1 0 0 0 255 0',
  '0 1 0.5 0 0 255',
  '',
].join('\n');

describe('point clouds', () => {
  let t: TestApp;
  let dataDir: string;
  let tenantId: number;
  let adminToken: string;
  let robot: RegisteredRobot;
  let sim: SimRobot;

  const rowsOf = async (robotId: number) => t.db.select().from(pointClouds).where(eq(pointClouds.robotId, robotId));
  const storedFiles = async () => {
    const result = (await t.db.execute(
      sql`select count(*)::int as n from stored_files where key like 'point-clouds/%'`,
    )) as unknown as {
      rows: { n: number }[];
    };
    return result.rows[0]!.n;
  };
  const page = async (token: string, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `${BASE}/page${query}`, headers: as(token) });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: Page<PointCloudRow> }).data;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'patrol-clouds-'));
    t = await createTestApp({ dataDir });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    tenantId = (await makeTenant(t)).id;
    const admin = await makeUser(t, tenantId, { roleCodes: ['tenantAdmin'], grants: GRANTS });
    adminToken = await login(t.app, admin.account, admin.password);
    robot = await registerRobot(t, adminToken);
    sim = simRobot(t, robot, { consoleUrl: `http://127.0.0.1:${address.port}` });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("stores a simulated robot's scan as a file and a row of its tenant, listed newest first and read back whole", async () => {
    const first = await sim.uploadPointCloud({
      points: 5000,
      capturedAt: Date.parse('2026-11-20T08:00:00Z'),
      name: 'gate.pcd',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await sim.uploadPointCloud({ points: 20_000, capturedAt: Date.parse('2026-11-21T08:00:00Z') });
    expect(second.status).toBe(201);

    const rows = await rowsOf(robot.robotId);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.tenantId === tenantId)).toBe(true);

    const list = await page(adminToken);
    expect(list.total).toBe(2);
    expect(list.rows.map((r) => r.points)).toEqual([20_000, 5000]);
    expect(list.rows[1]).toMatchObject({
      robotId: robot.robotId,
      robotName: `Robot ${robot.serial}`,
      serialNumber: robot.serial,
      uploadId: first.uploadId,
      name: 'gate.pcd',
      format: 'pcd',
      sizeBytes: scanPcd(5000).length,
      fields: ['intensity'],
      capturedAt: '2026-11-20T08:00:00.000Z',
    });
    // Filters: the robot, the time range.
    expect((await page(adminToken, `?startTime=2026-11-21T00:00:00.000Z`)).total).toBe(1);
    expect((await page(adminToken, `?endTime=2026-11-20T12:00:00.000Z`)).rows[0]!.points).toBe(5000);
    expect((await page(adminToken, `?robotId=${robot.robotId + 1000}`)).total).toBe(0);

    const id = list.rows[1]!.pointCloudId;
    const detail = await t.app.inject({ method: 'GET', url: `${BASE}/${id}`, headers: as(adminToken) });
    expect(detail.json().data.points).toBe(5000);
    const file = await t.app.inject({ method: 'GET', url: `${BASE}/${id}/file`, headers: as(adminToken) });
    expect(file.statusCode).toBe(200);
    expect(decodePointCloud(new Uint8Array(file.rawPayload)).points).toBe(5000);
  });

  it('stores one cloud for the same upload id sent twice', async () => {
    const before = await storedFiles();
    const once = await sim.uploadPointCloud({ points: 1000, uploadId: 'retry-1' });
    const again = await sim.uploadPointCloud({ points: 1000, uploadId: 'retry-1' });
    expect(once.status).toBe(201);
    expect(again.status).toBe(200);
    expect((again.body as { data: { duplicate: boolean; pointCloudId: number } }).data).toMatchObject({
      duplicate: true,
      pointCloudId: (once.body as { data: { pointCloudId: number } }).data.pointCloudId,
    });
    expect((await rowsOf(robot.robotId)).filter((r) => r.messageId === 'retry-1')).toHaveLength(1);
    expect(await storedFiles()).toBe(before + 1);
  });

  it('refuses a bad header, a wrong point count, an oversized file and a forged token, storing nothing', async () => {
    const rowsBefore = (await rowsOf(robot.robotId)).length;
    const filesBefore = await storedFiles();
    const good = scanPcd(100);

    const notACloud = await sim.uploadPointCloud({ bytes: Buffer.from('hello world\n') });
    expect(notACloud.status).toBe(422);
    expect((notACloud.body as { message: string }).message).toBe('The file is neither PCD nor PLY');

    const badHeader = await sim.uploadPointCloud({
      bytes: Buffer.from(good.toString('latin1').replace('SIZE 4 4 4 4', 'SIZE 4 4'), 'latin1'),
    });
    expect(badHeader.status).toBe(422);
    expect((badHeader.body as { message: string }).message).toBe("The point cloud file's header is invalid");

    const noZ = await sim.uploadPointCloud({ bytes: Buffer.from(PLY_ASCII.replace('property float z\n', '')) });
    expect(noZ.status).toBe(422);

    const wrongCount = await sim.uploadPointCloud({
      bytes: Buffer.from(
        good.toString('latin1').replace('POINTS 100', 'POINTS 101').replace('WIDTH 100', 'WIDTH 101'),
        'latin1',
      ),
    });
    expect(wrongCount.status).toBe(422);
    expect((wrongCount.body as { message: string }).message).toBe(
      'The data does not hold the 101 points the header announces',
    );
    const cut = await sim.uploadPointCloud({ bytes: good.subarray(0, good.length - 3) });
    expect(cut.status).toBe(422);

    const oversized = await sim.uploadPointCloud({ bytes: Buffer.alloc(POINT_CLOUD_MAX_BYTES + 1, 0x20) });
    expect(oversized.status).toBe(413);
    expect((oversized.body as { message: string }).message).toBe('The point cloud file is larger than 32 MB');

    // Signed with another key, and with the robot's key but for MQTT rather than uploads.
    const other = await importPKCS8(newRobotKeyPair().privateKey, 'EdDSA');
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ kv: robot.keyVersion })
      .setProtectedHeader({ alg: 'EdDSA' })
      .setJti('forged')
      .setSubject(robot.serial)
      .setAudience('patrol-point-cloud')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(other);
    const wrongKey = await sim.uploadPointCloud({ points: 100, token: forged });
    expect(wrongKey.status).toBe(401);
    const mqttToken = await sim.uploadPointCloud({ points: 100, token: await sim.token() });
    expect(mqttToken.status).toBe(401);
    const address = t.app.server.address() as { port: number };
    const anonymous = await fetch(
      `http://127.0.0.1:${address.port}${POINT_CLOUD_INGEST_PREFIX}/${robot.serial}/anonymous`,
      { method: 'PUT', body: good },
    );
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer realm="point-cloud"');

    expect((await rowsOf(robot.robotId)).length).toBe(rowsBefore);
    expect(await storedFiles()).toBe(filesBefore);
  });

  it('takes PLY in ASCII with colours and PCD in ASCII', async () => {
    const ply = await sim.uploadPointCloud({ bytes: Buffer.from(PLY_ASCII), name: 'hand.ply' });
    expect(ply.status, JSON.stringify(ply.body)).toBe(201);
    const pcd = await sim.uploadPointCloud({
      bytes: Buffer.from(
        'VERSION 0.7\nFIELDS x y z intensity\nSIZE 4 4 4 4\nTYPE F F F F\nCOUNT 1 1 1 1\nWIDTH 2\nHEIGHT 1\nPOINTS 2\nDATA ascii\n0 0 0 1\n1 1 1 2\n',
      ),
    });
    expect(pcd.status, JSON.stringify(pcd.body)).toBe(201);
    const rows = (await page(adminToken)).rows;
    expect(rows.find((r) => r.name === 'hand.ply')).toMatchObject({ format: 'ply', points: 3, fields: ['rgb'] });
  });

  it("keeps another tenant's clouds out of reach (404) and refuses a role without the grant", async () => {
    const [mine] = (await page(adminToken)).rows;
    const other = await makeTenant(t);
    const stranger = await makeUser(t, other.id, { roleCodes: ['tenantAdmin'], grants: GRANTS });
    const strangerToken = await login(t.app, stranger.account, stranger.password);
    for (const url of [`${BASE}/${mine!.pointCloudId}`, `${BASE}/${mine!.pointCloudId}/file`]) {
      expect((await t.app.inject({ method: 'GET', url, headers: as(strangerToken) })).statusCode).toBe(404);
    }
    const deleted = await t.app.inject({
      method: 'POST',
      url: `${BASE}/delete`,
      headers: as(strangerToken),
      payload: { pointCloudId: mine!.pointCloudId },
    });
    expect(deleted.statusCode).toBe(404);
    expect((await page(strangerToken)).total).toBe(0);

    const reader = await makeUser(t, tenantId, { roleCodes: ['tenantAdmin'], grants: [`GET ${BASE}/page`] });
    const readerToken = await login(t.app, reader.account, reader.password);
    expect((await page(readerToken)).total).toBeGreaterThan(0);
    for (const [method, url, payload] of [
      ['GET', `${BASE}/${mine!.pointCloudId}/file`, undefined],
      ['POST', `${BASE}/delete`, { pointCloudId: mine!.pointCloudId }],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: as(readerToken), ...(payload ? { payload } : {}) });
      expect(res.statusCode).toBe(403);
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: `${BASE}/delete`,
      headers: as(adminToken, { lang: 'en-US' }),
      payload: { pointCloudId: 'x' },
    });
    expect(bad.statusCode).toBe(422);
    expect((await rowsOf(robot.robotId)).some((r) => r.id === mine!.pointCloudId)).toBe(true);
  });

  it('deletes a cloud and its file with the grant', async () => {
    const made = await sim.uploadPointCloud({ points: 500 });
    const id = (made.body as { data: { pointCloudId: number } }).data.pointCloudId;
    const filesBefore = await storedFiles();
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}/delete`,
      headers: as(adminToken),
      payload: { pointCloudId: id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await storedFiles()).toBe(filesBefore - 1);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/${id}`, headers: as(adminToken) })).statusCode).toBe(404);
  });

  it("leaves a moved robot's earlier clouds with its old tenant; its next scan goes to the new one", async () => {
    const moving = await registerRobot(t, adminToken);
    const address = t.app.server.address() as { port: number };
    const mover = simRobot(t, moving, { consoleUrl: `http://127.0.0.1:${address.port}` });
    expect((await mover.uploadPointCloud({ points: 300, uploadId: 'before-move' })).status).toBe(201);
    const target = await makeTenant(t);
    const platform = await login(t.app, ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD);
    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/robot-server/robot/move',
      headers: as(platform),
      payload: { robotIds: [moving.robotId], targetTenantId: target.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // The same upload id again is still the first upload, kept where it was.
    expect((await mover.uploadPointCloud({ points: 300, uploadId: 'before-move' })).status).toBe(200);
    expect((await mover.uploadPointCloud({ points: 300, uploadId: 'after-move' })).status).toBe(201);
    const rows = await rowsOf(moving.robotId);
    expect(Object.fromEntries(rows.map((r) => [r.messageId, r.tenantId]))).toEqual({
      'before-move': tenantId,
      'after-move': target.id,
    });
  });
});
