import { CONFIG_KEYS, leafletConfig, translate } from '@patrol/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeTenant, makeUser } from '../../../test/factories.js';

const LIST = '/api/system-server/config/list';

describe('config list', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    // Any signed-in user may read the settings: a user of another tenant without any role.
    const tenant = await makeTenant(t);
    const user = await makeUser(t, tenant.id);
    token = await login(t.app, user.account, user.password);
  });
  afterAll(() => t.close());

  it('answers the seeded settings keyed by key', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${LIST}?keys=${CONFIG_KEYS.join(',')}`, headers: as(token) });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(Object.keys(data).sort()).toEqual([...CONFIG_KEYS].sort());
    expect(data.msgSocketUrl).toEqual({ configKey: 'msgSocketUrl', configValue: '/api/ws/msg/' });
    expect(data.defaultMapUrl.configValue).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(data['3dDashboardUrl'].configValue).toBe('');
    const leaflet = leafletConfig.parse(JSON.parse(data.leafletConfig.configValue));
    expect(leaflet.mapInstantiated).toEqual({ center: [22.5431, 114.0579], zoom: 18, minZoom: 7, maxZoom: 29 });
    expect(leaflet.tileLayerOption).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      maxNativeZoom: 18,
      maxZoom: 29,
    });
  });

  it('leaves unknown keys out and trims the list', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${LIST}?keys= msgSocketUrl ,nothing,`, headers: as(token) });
    expect(Object.keys(res.json().data)).toEqual(['msgSocketUrl']);
  });

  it('needs keys (422, localised)', async () => {
    for (const url of [LIST, `${LIST}?keys=`, `${LIST}?keys=,,`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: as(token, { lang: 'en-US' }) });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([
        { path: 'keys', message: translate('en-US', 'validation.configKeysRequired') },
      ]);
    }
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${LIST}?keys=msgSocketUrl` });
    expect(res.statusCode).toBe(401);
  });
});
