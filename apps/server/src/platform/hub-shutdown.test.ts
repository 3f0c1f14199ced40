import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/create-test-app.js';
import { login, makeUser } from '../../test/factories.js';
import { openSocket } from '../../test/socket-client.js';

describe('console sockets at shutdown', () => {
  it('a signed-in socket and one not signed in yet both close with 1001 "going away"', async () => {
    const t = await createTestApp();
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const address = t.app.server.address();
      const base = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/ws/msg/`;
      const user = await makeUser(t, 1);
      const token = await login(t.app, user.account, user.password);
      const signedIn = await openSocket(`${base}${user.id}`);
      signedIn.send({ type: 'auth', token, lang: 'en-US' });
      expect(await signedIn.next()).toEqual({ type: 'ready', userId: user.id });
      const anonymous = await openSocket(`${base}${user.id}`);

      await t.app.close();

      expect((await signedIn.closed).code).toBe(1001);
      expect((await anonymous.closed).code).toBe(1001);
    } finally {
      await t.close();
    }
  });
});
