import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { SignJWT, importPKCS8 } from 'jose';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeTenant, makeUser } from '../../../test/factories.js';
import { registerRobot, simRobot, uniqueSerial, until, type RegisteredRobot } from '../../../test/robots.js';
import { ADMIN_ACCOUNT } from '../../seed.js';
import { findRobotBySerial } from './robots.repository.js';

const BASE = '/api/robot-server/robot';

/** Connects a bare MQTT client as `clientId` with `password`; resolves with the client or rejects with the refusal. */
function connectRaw(url: string, clientId: string, password: string, username = clientId) {
  return new Promise<mqtt.MqttClient>((resolve, reject) => {
    const client = mqtt.connect(url, { clientId, username, password, reconnectPeriod: 0, connectTimeout: 5000 });
    client.once('connect', () => resolve(client));
    client.once('error', (error) => {
      client.end(true);
      reject(error);
    });
    client.once('close', () => reject(new Error('closed')));
  });
}

async function tokenFor(
  robot: RegisteredRobot,
  claims: { kv?: number; sub?: string; iat?: number; exp?: number; jti?: string | null } = {},
) {
  const now = Math.floor(Date.now() / 1000);
  const key = await importPKCS8(robot.privateKey, 'EdDSA');
  const jwt = new SignJWT({ kv: claims.kv ?? robot.keyVersion });
  if (claims.jti !== null) jwt.setJti(claims.jti ?? randomUUID());
  return jwt
    .setProtectedHeader({ alg: 'EdDSA' })
    .setSubject(claims.sub ?? robot.serial)
    .setIssuedAt(claims.iat ?? now)
    .setExpirationTime(claims.exp ?? now + 600)
    .sign(key);
}

describe('robot registry and robot identity on the embedded broker', () => {
  let t: TestApp;
  let token: string;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await login(t.app, ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD);
    url = t.app.robotBrokerUrl()!;
  });
  afterAll(() => t.close());

  const post = (path: string, payload: unknown, lang = 'en-US') =>
    t.app.inject({ method: 'POST', url: `${BASE}/${path}`, headers: as(token, { lang }), payload: payload as object });

  it('registers a robot with a key pair: the private key is answered once and only the public key is kept', async () => {
    const serial = uniqueSerial();
    const res = await post('create', { productId: 'PR-1000', serialNumber: serial, name: 'Gate patrol' });
    expect(res.statusCode).toBe(200);
    const { robot, privateKey } = res.json().data;
    expect(privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(robot).toMatchObject({ serialNumber: serial, name: 'Gate patrol', keyVersion: 1, online: false });
    expect(robot.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    const page = await t.app.inject({ method: 'GET', url: `${BASE}/page?keyword=${serial}`, headers: as(token) });
    expect(page.json().data.rows).toHaveLength(1);
    expect(page.body).not.toContain('PRIVATE KEY');
    const stored = await findRobotBySerial(t.db, serial);
    expect(stored?.publicKey).toBe(robot.publicKey);
    expect(JSON.stringify(stored)).not.toContain('PRIVATE KEY');
  });

  it('refuses a taken serial number under its field and bad input with localised messages, changing nothing', async () => {
    const serial = uniqueSerial();
    expect((await post('create', { productId: 'P', serialNumber: serial, name: 'One' })).statusCode).toBe(200);
    const taken = await post('create', { productId: 'P', serialNumber: serial, name: 'Two' }, 'zh-CN');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([{ path: 'serialNumber', message: '该序列号已被登记' }]);
    const bad = await post('create', { productId: 'P', serialNumber: 'has/slash', name: '' });
    expect(bad.statusCode).toBe(422);
    const paths = bad.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['serialNumber', 'name']));
    expect(bad.body).toContain('Please enter the robot name');
    const list = await t.app.inject({ method: 'GET', url: `${BASE}/page?keyword=${serial}`, headers: as(token) });
    expect(list.json().data.rows.map((r: { name: string }) => r.name)).toEqual(['One']);
  });

  it('edits name and product ID but never the serial number; deleting keeps nothing of the robot', async () => {
    const robot = await registerRobot(t, token);
    const edit = await post('update', {
      robotId: robot.robotId,
      productId: 'PR-2000',
      name: 'Renamed',
      serialNumber: 'X',
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data).toMatchObject({ name: 'Renamed', productId: 'PR-2000', serialNumber: robot.serial });
    expect((await post('delete', { robotId: robot.robotId })).statusCode).toBe(200);
    expect((await post('delete', { robotId: robot.robotId })).statusCode).toBe(404);
    await expect(connectRaw(url, robot.serial, await tokenFor(robot))).rejects.toThrow();
  });

  it('lets a robot in with a token signed by its own key, and shows it online', async () => {
    const robot = await registerRobot(t, token);
    const sim = simRobot(t, robot);
    await sim.connect();
    try {
      const row = await until(async () => {
        const res = await t.app.inject({
          method: 'GET',
          url: `${BASE}/page?keyword=${robot.serial}`,
          headers: as(token),
        });
        const found = res.json().data.rows[0];
        return found?.online ? found : undefined;
      });
      expect(row.lastSeenTime).not.toBeNull();
    } finally {
      await sim.disconnect();
    }
  });

  it('refuses a forged key, a token naming another robot, an expired or too long token, and an unknown serial', async () => {
    const robot = await registerRobot(t, token);
    const other = await registerRobot(t, token);
    const forged = {
      ...robot,
      privateKey: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
    const now = Math.floor(Date.now() / 1000);
    await expect(connectRaw(url, robot.serial, await tokenFor(forged))).rejects.toThrow(/authoriz|password/i);
    // The other robot's valid token does not open this robot's identity, nor its own under another client id.
    await expect(connectRaw(url, robot.serial, await tokenFor(other))).rejects.toThrow();
    await expect(connectRaw(url, robot.serial, await tokenFor(other), other.serial)).rejects.toThrow();
    await expect(
      connectRaw(url, robot.serial, await tokenFor(robot, { exp: now - 120, iat: now - 600 })),
    ).rejects.toThrow();
    await expect(connectRaw(url, robot.serial, await tokenFor(robot, { exp: now + 7200 }))).rejects.toThrow();
    await expect(connectRaw(url, robot.serial, await tokenFor(robot, { kv: 7 }))).rejects.toThrow();
    await expect(connectRaw(url, uniqueSerial(), await tokenFor(robot))).rejects.toThrow();
    await expect(connectRaw(url, robot.serial, 'not-a-token')).rejects.toThrow();
    const good = await connectRaw(url, robot.serial, await tokenFor(robot));
    await good.endAsync();
  });

  it("keeps a robot out of another robot's topics: no subscribing to its commands, no publishing its state", async () => {
    const robot = await registerRobot(t, token);
    const victim = await registerRobot(t, token);
    const client = await connectRaw(url, robot.serial, await tokenFor(robot));
    try {
      await expect(client.subscribeAsync(`patrol/${victim.serial}/cmd`, { qos: 1 })).rejects.toThrow(/Subscribe error/);
      await expect(client.subscribeAsync('patrol/#', { qos: 0 })).rejects.toThrow(/Subscribe error/);
      const own = await client.subscribeAsync(`patrol/${robot.serial}/cmd`, { qos: 1 });
      expect(own[0]!.qos).toBe(1);
    } finally {
      await client.endAsync();
    }
    // Publishing as the victim gets the impostor disconnected and changes nothing of the victim.
    const impostor = await connectRaw(url, robot.serial, await tokenFor(robot));
    const closed = new Promise<void>((resolve) => impostor.once('close', () => resolve()));
    impostor.publish(`patrol/${victim.serial}/online`, JSON.stringify({ online: true }), { qos: 1, retain: true });
    await closed;
    impostor.end(true);
    // Sentinel: the robot's own message, sent after the forged one, is ingested; the forged one would have been first.
    const honest = await connectRaw(url, robot.serial, await tokenFor(robot));
    await honest.publishAsync(`patrol/${robot.serial}/online`, JSON.stringify({ online: true }), { qos: 1 });
    await honest.endAsync();
    await until(async () => (await findRobotBySerial(t.db, robot.serial))?.online, 8000, 'the sentinel');
    const res = await t.app.inject({ method: 'GET', url: `${BASE}/page?keyword=${victim.serial}`, headers: as(token) });
    expect(res.json().data.rows[0]).toMatchObject({ online: false, lastSeenTime: null });
  });

  it('accepts a token once: a replay is refused and does not knock the robot off; a token without an id is refused', async () => {
    const robot = await registerRobot(t, token);
    const seen = await tokenFor(robot);
    const first = await connectRaw(url, robot.serial, seen);
    try {
      // Whoever saw the token on the wire tries it, while the robot is connected and after it left.
      await expect(connectRaw(url, robot.serial, seen)).rejects.toThrow(/authoriz|password/i);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(first.connected).toBe(true);
      await first.publishAsync(`patrol/${robot.serial}/online`, JSON.stringify({ online: true }), { qos: 1 });
    } finally {
      await first.endAsync();
    }
    await expect(connectRaw(url, robot.serial, seen)).rejects.toThrow(/authoriz|password/i);
    await expect(connectRaw(url, robot.serial, await tokenFor(robot, { jti: null }))).rejects.toThrow();
    // The robot itself reconnects with a fresh token.
    await (await connectRaw(url, robot.serial, await tokenFor(robot))).endAsync();
  });

  it('rotating the key makes a new pair: the old key is refused from the next connect, the new one works', async () => {
    const robot = await registerRobot(t, token);
    const oldToken = await tokenFor(robot);
    const res = await post('rotateKey', { robotId: robot.robotId });
    expect(res.statusCode).toBe(200);
    const { robot: row, privateKey } = res.json().data;
    expect(row.keyVersion).toBe(2);
    expect(privateKey).not.toBe(robot.privateKey);
    await expect(connectRaw(url, robot.serial, oldToken)).rejects.toThrow();
    const rotated = { ...robot, privateKey, keyVersion: 2 };
    const client = await connectRaw(url, robot.serial, await tokenFor(rotated));
    await client.endAsync();
  });
});

describe('moving robots between tenants', () => {
  let t: TestApp;
  let platform: string;
  beforeAll(async () => {
    t = await createTestApp();
    platform = await login(t.app, ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  it('moves robots for platform administrators only; their records stay with the old tenant', async () => {
    const from = await makeTenant(t);
    const to = await makeTenant(t);
    const fromAdmin = await makeUser(t, from.id, {
      roleCodes: ['tenantAdmin'],
      grants: [
        'POST /api/robot-server/robot/create',
        'GET /api/robot-server/robot/page',
        'GET /api/robot-server/cmd/page',
        'POST /api/robot-server/station/create',
        'POST /api/robot-server/robot/station',
      ],
    });
    const fromToken = await login(t.app, fromAdmin.account, fromAdmin.password);
    const robot = await registerRobot(t, fromToken);
    // In a station of the old tenant, which it leaves with the tenant.
    const station = await t.app.inject({
      method: 'POST',
      url: '/api/robot-server/station/create',
      headers: as(fromToken),
      payload: {
        name: 'Old site',
        area: [
          [114.05, 22.54],
          [114.06, 22.54],
          [114.06, 22.55],
        ],
      },
    });
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/robot-server/robot/station',
      headers: as(fromToken),
      payload: { robotIds: [robot.robotId], stationId: station.json().data.stationId },
    });
    expect(joined.statusCode).toBe(200);
    const sim = simRobot(t, robot);
    await sim.connect();
    await until(async () => (await findRobotBySerial(t.db, robot.serial))?.online, 8000, 'online');
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/robot-server/cmd/send',
      headers: as(platform, { 'tenant-id': String(from.id) }),
      payload: { robotId: robot.robotId, command: { name: 'lights', args: { on: true } } },
    });
    expect(sent.statusCode).toBe(200);
    await sim.disconnect();

    const move = (payload: unknown, token = platform) =>
      t.app.inject({
        method: 'POST',
        url: '/api/robot-server/robot/move',
        headers: as(token, { lang: 'en-US' }),
        payload: payload as object,
      });
    expect((await move({ robotIds: [robot.robotId], targetTenantId: to.id }, fromToken)).statusCode).toBe(403);
    const same = await move({ robotIds: [robot.robotId], targetTenantId: from.id });
    expect(same.statusCode).toBe(422);
    expect(same.json().errors[0].message).toBe('The robots are already in the target tenant');
    expect((await move({ robotIds: [], targetTenantId: to.id })).statusCode).toBe(422);
    expect((await move({ robotIds: [robot.robotId], targetTenantId: 999_999 })).statusCode).toBe(422);

    const moved = await move({ robotIds: [robot.robotId], targetTenantId: to.id });
    expect(moved.json().data).toEqual({ moved: 1 });
    expect((await findRobotBySerial(t.db, robot.serial))?.tenantId).toBe(to.id);
    // Gone from the old tenant's list; its command record stays there; the new tenant has the robot.
    const oldList = await t.app.inject({ method: 'GET', url: '/api/robot-server/robot/page', headers: as(fromToken) });
    expect(oldList.json().data.total).toBe(0);
    const oldRecords = await t.app.inject({ method: 'GET', url: '/api/robot-server/cmd/page', headers: as(fromToken) });
    expect(oldRecords.json().data.rows.map((r: { robotId: number }) => r.robotId)).toEqual([robot.robotId]);
    const newList = await t.app.inject({
      method: 'GET',
      url: `/api/robot-server/robot/move/page?tenantId=${to.id}`,
      headers: as(platform),
    });
    expect(newList.json().data.rows.map((r: { serialNumber: string }) => r.serialNumber)).toEqual([robot.serial]);
    expect(newList.json().data.rows[0]).toMatchObject({ stationId: null, stationName: null });
    const newRecords = await t.app.inject({
      method: 'GET',
      url: '/api/robot-server/cmd/page',
      headers: as(platform, { 'tenant-id': String(to.id) }),
    });
    expect(newRecords.json().data.total).toBe(0);
  });
});

/** Enables (1) or disables (0) a tenant, as the platform administrator. */
const setTenantStatus = (t: TestApp, platform: string, tenantId: number, status: 0 | 1) =>
  t.app.inject({
    method: 'POST',
    url: '/api/system-server/tenant/status',
    headers: as(platform),
    payload: { tenantId, status },
  });

/** An upload a robot reports (a photo's record). */
const uploadRecord = (name: string) =>
  JSON.stringify({ id: name, ts: Date.now(), kind: 'image', name, size: 10, data: { pad: 'x' } });

describe('robots of a disabled tenant', () => {
  let t: TestApp;
  let platform: string;
  beforeAll(async () => {
    t = await createTestApp();
    platform = await login(t.app, ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  it('are disconnected when their tenant is disabled, refused while it is, and let in again after', async () => {
    const tenant = await makeTenant(t);
    const inTenant = as(platform, { 'tenant-id': String(tenant.id), lang: 'en-US' });
    const robot = await registerRobot(t, platform, uniqueSerial(), { 'tenant-id': String(tenant.id) });
    const url = t.app.robotBrokerUrl();
    const setStatus = (status: 0 | 1) => setTenantStatus(t, platform, tenant.id, status);
    const uploads = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/robot-server/upload/page', headers: inTenant })).json().data
        .rows as { name: string }[];
    {
      const client = await mqtt.connectAsync(url, {
        clientId: robot.serial,
        username: robot.serial,
        password: await tokenFor(robot),
        reconnectPeriod: 0,
        will: {
          topic: `patrol/${robot.serial}/online`,
          payload: Buffer.from('{"online":false}'),
          qos: 1,
          retain: true,
        },
      });
      await client.publishAsync(`patrol/${robot.serial}/online`, JSON.stringify({ online: true }), { qos: 1 });
      await client.publishAsync(`patrol/${robot.serial}/upload`, uploadRecord('before.jpg'), { qos: 1 });
      await until(async () => (await findRobotBySerial(t.db, robot.serial))?.online, 8000, 'online');
      await until(async () => (await uploads()).length === 1 || undefined, 8000, 'the first upload');

      const gone = new Promise<void>((resolve) => client.once('close', () => resolve()));
      expect((await setStatus(0)).statusCode).toBe(200);
      await gone;
      client.end(true);
      // Its last will still takes it off the map.
      await until(async () => (await findRobotBySerial(t.db, robot.serial))?.online === false, 8000, 'offline');
      await expect(connectRaw(url, robot.serial, await tokenFor(robot))).rejects.toThrow(/authoriz|password/i);

      expect((await setStatus(1)).statusCode).toBe(200);
      const again = await connectRaw(url, robot.serial, await tokenFor(robot));
      await again.publishAsync(`patrol/${robot.serial}/upload`, uploadRecord('after.jpg'), { qos: 1 });
      await again.endAsync();
      await until(async () => (await uploads()).length === 2 || undefined, 8000, 'the last upload');
      expect((await uploads()).map((r) => r.name).sort()).toEqual(['after.jpg', 'before.jpg']);
    }
  });
});

/** The machine's broker (CI: Mosquitto on 127.0.0.1:1883) when TEST_MQTT_URL is set. */
const external = process.env.TEST_MQTT_URL?.trim();

describe.skipIf(!external)('robots of a disabled tenant on an external broker', () => {
  let t: TestApp;
  let platform: string;
  beforeAll(async () => {
    t = await createTestApp({ mqttUrl: external! });
    platform = await login(t.app, ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  it('that still carries their messages: the server drops them, stores those of other tenants, and takes them again once enabled', async () => {
    const tenant = await makeTenant(t);
    const inTenant = as(platform, { 'tenant-id': String(tenant.id), lang: 'en-US' });
    const robot = await registerRobot(t, platform, uniqueSerial(), { 'tenant-id': String(tenant.id) });
    const sentinel = await registerRobot(t, platform);
    const setStatus = (status: 0 | 1) => setTenantStatus(t, platform, tenant.id, status);
    const uploads = async (headers: Record<string, string>) =>
      (
        (await t.app.inject({ method: 'GET', url: '/api/robot-server/upload/page', headers })).json().data.rows as {
          name: string;
        }[]
      ).map((r) => r.name);
    const connect = async (r: RegisteredRobot) =>
      mqtt.connectAsync(t.app.robotBrokerUrl(), {
        clientId: r.serial,
        username: r.serial,
        password: await simRobot(t, r).token(),
        reconnectPeriod: 0,
      });
    const [client, other] = await Promise.all([connect(robot), connect(sentinel)]);
    try {
      await client.publishAsync(`patrol/${robot.serial}/upload`, uploadRecord('before.jpg'), { qos: 1 });
      await until(async () => (await uploads(inTenant)).length === 1 || undefined, 8000, 'the first upload');

      // This broker does not know the tenant is disabled: the robot stays connected and publishes.
      expect((await setStatus(0)).statusCode).toBe(200);
      await client.publishAsync(`patrol/${robot.serial}/upload`, uploadRecord('while-disabled.jpg'), { qos: 1 });
      // Sentinel: a robot of an enabled tenant, whose upload is carried after the refused one, is stored.
      await other.publishAsync(`patrol/${sentinel.serial}/upload`, uploadRecord('sentinel.jpg'), { qos: 1 });
      await until(async () => (await uploads(as(platform))).includes('sentinel.jpg') || undefined);

      expect((await setStatus(1)).statusCode).toBe(200);
      await client.publishAsync(`patrol/${robot.serial}/upload`, uploadRecord('after.jpg'), { qos: 1 });
      await until(async () => (await uploads(inTenant)).length === 2 || undefined, 8000, 'the last upload');
      expect((await uploads(inTenant)).sort()).toEqual(['after.jpg', 'before.jpg']);
    } finally {
      await Promise.all([client.endAsync(true), other.endAsync(true)]);
    }
  });
});

describe('robots on the embedded broker running on its own thread, as the product starts it', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ brokerThread: true });
    token = await login(t.app, ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  it("checks a robot's token on the main thread, shows it online with its position, and offline when it leaves", async () => {
    const robot = await registerRobot(t, token);
    const url = t.app.robotBrokerUrl();
    await expect(connectRaw(url, robot.serial, 'not-a-token')).rejects.toThrow();
    const sim = simRobot(t, robot);
    await sim.connect();
    const page = async () =>
      (await t.app.inject({ method: 'GET', url: `${BASE}/page?keyword=${robot.serial}`, headers: as(token) })).json()
        .data.rows[0] as { online: boolean; lastSeenTime: string | null } | undefined;
    try {
      const row = await until(async () => ((await page())?.online ? await page() : undefined), 8000, 'online');
      expect(row.lastSeenTime).not.toBeNull();
    } finally {
      await sim.disconnect();
    }
    await until(async () => ((await page())?.online === false ? true : undefined), 8000, 'offline');
  });
});
