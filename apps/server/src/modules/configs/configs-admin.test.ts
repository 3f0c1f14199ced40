import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeTenant, makeUser } from '../../../test/factories.js';
import { ADMIN_ACCOUNT } from '../../seed.js';

const PAGE = '/api/system-server/config/page';
const UPDATE = '/api/system-server/config/update';
const LIST = '/api/system-server/config/list';

describe('config management', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    t = await createTestApp();
    root = await login(t.app, ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  const update = (configKey: string, configValue: string, lang = 'en-US', token = root) =>
    t.app.inject({ method: 'POST', url: UPDATE, headers: as(token, { lang }), payload: { configKey, configValue } });
  const valueOf = async (key: string) =>
    (await t.app.inject({ method: 'GET', url: `${LIST}?keys=${key}`, headers: as(root) })).json().data[key].configValue;

  it('lists every entry with its description and searches them', async () => {
    const all = (await t.app.inject({ method: 'GET', url: PAGE, headers: as(root) })).json().data;
    expect(all.rows.map((r: { configKey: string }) => r.configKey)).toEqual(
      expect.arrayContaining(['msgSocketUrl', 'leafletConfig', 'defaultMapUrl', '3dDashboardUrl']),
    );
    expect(all.rows.every((r: { description: string }) => r.description)).toBe(true);
    const found = (await t.app.inject({ method: 'GET', url: `${PAGE}?keyword=dashboard`, headers: as(root) })).json();
    expect(found.data.rows.map((r: { configKey: string }) => r.configKey)).toEqual(['3dDashboardUrl']);
  });

  it('saves a value that follows its key rule, and the console reads it at once', async () => {
    expect((await update('3dDashboardUrl', 'https://dashboard.example.com/3d')).statusCode).toBe(200);
    expect(await valueOf('3dDashboardUrl')).toBe('https://dashboard.example.com/3d');
    const leaflet = JSON.stringify({
      mapInstantiated: { center: [31.23, 121.47], zoom: 17 },
      tileLayerOption: { url: 'https://tiles.example.com/{z}/{x}/{y}.png' },
    });
    expect((await update('leafletConfig', leaflet)).statusCode).toBe(200);
    expect(JSON.parse(await valueOf('leafletConfig')).mapInstantiated.center).toEqual([31.23, 121.47]);
  });

  it.each([
    ['leafletConfig', '{"mapInstantiated": {', 'This is not valid JSON'],
    ['leafletConfig', '{"mapInstantiated": {}}', 'The JSON needs a mapInstantiated object and tileLayerOption.url'],
    [
      'leafletConfig',
      '{"mapInstantiated": {}, "tileLayerOption": {"url": "ftp://x"}}',
      'Tile URLs start with http:// or https:// and hold {z}, {x} and {y}',
    ],
    [
      'defaultMapUrl',
      'https://tiles.example.com/tile.png',
      'Tile URLs start with http:// or https:// and hold {z}, {x} and {y}',
    ],
    ['msgSocketUrl', 'http://example.com/ws', 'Enter an address starting with ws://, wss:// or /'],
    [
      '3dDashboardUrl',
      'javascript:alert(1)',
      'Enter an address starting with http://, https:// or /, or leave it empty',
    ],
  ])('refuses a bad %s value under the field and keeps the old one', async (key, value, message) => {
    const before = await valueOf(key);
    const res = await update(key, value);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([{ path: 'configValue', message }]);
    expect(await valueOf(key)).toBe(before);
  });

  it('answers 404 for a key that does not exist, in the caller language', async () => {
    const res = await update('noSuchKey', 'x', 'zh-TW');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('請求的資源不存在');
  });

  it('is for platform administrators only', async () => {
    const tenant = await makeTenant(t);
    const admin = await makeUser(t, tenant.id, { grants: [`GET ${PAGE}`, `POST ${UPDATE}`] });
    const token = await login(t.app, admin.account, admin.password);
    expect((await t.app.inject({ method: 'GET', url: PAGE, headers: as(token) })).statusCode).toBe(403);
    expect((await update('3dDashboardUrl', '', 'en-US', token)).statusCode).toBe(403);
  });
});
