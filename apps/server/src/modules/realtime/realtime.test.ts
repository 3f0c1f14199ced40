import { SOCKET_AUTH_TIMEOUT_MS, SOCKET_CLOSE_UNAUTHORIZED } from '@patrol/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeTenant, makeUser } from '../../../test/factories.js';
import { openSocket } from '../../../test/socket-client.js';

const PUBLISH = '/api/notice-server/notice/publish';

describe('console socket', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/ws/msg/`;
  });
  afterAll(() => t.close());

  const signedIn = async (tenantId: number, grants?: string[]) => {
    const user = await makeUser(t, tenantId, grants ? { grants } : {});
    return { user, token: await login(t.app, user.account, user.password) };
  };

  const connect = async (userId: number, token: string) => {
    const socket = await openSocket(`${base}${userId}`);
    socket.send({ type: 'auth', token, lang: 'en-US' });
    expect(await socket.next()).toEqual({ type: 'ready', userId });
    return socket;
  };

  it('authenticates with the first message and answers ping with pong', async () => {
    const { user, token } = await signedIn(1);
    const socket = await connect(user.id, token);
    socket.send({ type: 'ping' });
    expect(await socket.next()).toEqual({ type: 'pong' });
    socket.ws.close();
  });

  it('delivers a published notice to the open sockets of its recipients only', async () => {
    const tenant = await makeTenant(t);
    const sender = await signedIn(tenant.id, [`POST ${PUBLISH}`]);
    const a = await signedIn(tenant.id);
    const b = await signedIn(tenant.id);
    const socketA1 = await connect(a.user.id, a.token);
    const socketA2 = await connect(a.user.id, a.token);
    const socketB = await connect(b.user.id, b.token);

    const res = await t.app.inject({
      method: 'POST',
      url: PUBLISH,
      headers: as(sender.token),
      payload: { title: 'Patrol', content: 'Gate 3 left open', userIds: [a.user.id] },
    });
    expect(res.statusCode).toBe(200);
    const expected = { type: '1', data: { title: 'Patrol', content: 'Gate 3 left open' } };
    expect(await socketA1.next()).toEqual(expected);
    expect(await socketA2.next()).toEqual(expected);
    // B got nothing: its next message is the pong of a ping sent now.
    socketB.send({ type: 'ping' });
    expect(await socketB.next()).toEqual({ type: 'pong' });
    for (const s of [socketA1, socketA2, socketB]) s.ws.close();
  });

  it('closes with 4401 for a wrong token', async () => {
    const { user } = await signedIn(1);
    const socket = await openSocket(`${base}${user.id}`);
    socket.send({ type: 'auth', token: 'not-a-token' });
    expect((await socket.closed).code).toBe(SOCKET_CLOSE_UNAUTHORIZED);
  });

  it("closes with 4401 for another user's id", async () => {
    const { token } = await signedIn(1);
    const other = await makeUser(t, 1);
    const socket = await openSocket(`${base}${other.id}`);
    socket.send({ type: 'auth', token });
    expect((await socket.closed).code).toBe(SOCKET_CLOSE_UNAUTHORIZED);
  });

  it('closes with 4401 when the first message is not auth', async () => {
    const { user } = await signedIn(1);
    const voiceOffer = { type: 'voiceOffer', sessionId: '7d1f7a36-3a42-4c1e-9d0b-0d6f8f2b8a11', sdp: 'v=0' };
    for (const first of [{ type: 'ping' }, 'garbage', { type: 'auth' }, voiceOffer]) {
      const socket = await openSocket(`${base}${user.id}`);
      socket.ws.send(typeof first === 'string' ? first : JSON.stringify(first));
      expect((await socket.closed).code).toBe(SOCKET_CLOSE_UNAUTHORIZED);
    }
  });

  it(`closes with 4401 when no auth arrives within ${SOCKET_AUTH_TIMEOUT_MS} ms`, async () => {
    const { user } = await signedIn(1);
    const socket = await openSocket(`${base}${user.id}`);
    const started = Date.now();
    expect((await socket.closed).code).toBe(SOCKET_CLOSE_UNAUTHORIZED);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SOCKET_AUTH_TIMEOUT_MS - 100);
  }, 15_000);

  it("logout closes that session's sockets and no others", async () => {
    const { user, token } = await signedIn(1);
    const second = await login(t.app, user.account, user.password);
    const mine = await connect(user.id, token);
    const otherSession = await connect(user.id, second);
    const res = await t.app.inject({ method: 'POST', url: '/api/system-server/auth/logout', headers: as(token) });
    expect(res.statusCode).toBe(200);
    expect((await mine.closed).code).toBe(SOCKET_CLOSE_UNAUTHORIZED);
    otherSession.send({ type: 'ping' });
    expect(await otherSession.next()).toEqual({ type: 'pong' });
    otherSession.ws.close();
  });

  it('refuses a revoked token', async () => {
    const { user, token } = await signedIn(1);
    await t.app.inject({ method: 'POST', url: '/api/system-server/auth/logout', headers: as(token) });
    const socket = await openSocket(`${base}${user.id}`);
    socket.send({ type: 'auth', token });
    expect((await socket.closed).code).toBe(SOCKET_CLOSE_UNAUTHORIZED);
  });
});
