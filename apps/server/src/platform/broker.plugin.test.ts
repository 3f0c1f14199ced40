import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app.js';
import { otherAddress, reachable } from '../../test/net.js';
import { loadConfig } from './config.js';

describe('the embedded broker follows the configured address', () => {
  let t: TestApp | null = null;
  afterAll(() => t?.close());

  it('reads MQTT_HOST, else HOST, and the TLS settings', () => {
    expect(loadConfig({}).mqttHost).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '127.0.0.1' }).mqttHost).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '127.0.0.1', MQTT_HOST: '0.0.0.0' }).mqttHost).toBe('0.0.0.0');
    expect(loadConfig({}).mqttTls).toBeNull();
    expect(loadConfig({ MQTT_HOST: '10.0.0.5', MQTT_TLS_CERT: 'c', MQTT_TLS_KEY: 'k' }).mqttTls).toEqual({
      port: 8883,
      host: '10.0.0.5',
      cert: 'c',
      key: 'k',
    });
    expect(() => loadConfig({ MQTT_TLS_CERT: 'c' })).toThrow(/MQTT_TLS_KEY/);
  });

  // Without a second address the machine cannot tell loopback-only from every address.
  it.skipIf(!otherAddress)('listens on 127.0.0.1 only when HOST=127.0.0.1', async () => {
    t = await createTestApp({ env: { HOST: '127.0.0.1' } });
    const broker = t.app.broker!;
    expect(broker.host).toBe('127.0.0.1');
    expect(t.app.robotBrokerUrl()).toBe(`mqtt://127.0.0.1:${broker.port}`);
    expect(await reachable('127.0.0.1', broker.port)).toBe(true);
    expect(await reachable(otherAddress!, broker.port)).toBe(false);
    // The server's own client reaches it there.
    expect(t.app.gateway.connected()).toBe(true);
  });
});
