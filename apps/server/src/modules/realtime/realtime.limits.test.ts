import { SOCKET_AUTH_TIMEOUT_MS, SOCKET_CLOSE_UNAUTHORIZED } from '@patrol/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { login, makeUser } from '../../../test/factories.js';
import { openSocket, type TestSocket } from '../../../test/socket-client.js';
import { SOCKET_CLOSE_BUSY, SOCKET_LIMITS } from '../../platform/socket-limits.js';

/** One masked client frame (RFC 6455 §5.2) with a payload under 126 bytes; the mask is zero. */
const frame = (opcode: number, fin: boolean, payload: Buffer) =>
  Buffer.concat([Buffer.from([(fin ? 0x80 : 0) | opcode, 0x80 | payload.length, 0, 0, 0, 0]), payload]);
const TEXT = 0x1;
const CONTINUATION = 0x0;

/** What the process holds: the app runs in the test's process. */
const memory = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

const closedWith = (ws: WebSocket) =>
  new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );

describe('console socket limits', () => {
  let t: TestApp;
  let port: number;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ socketOrigins: ['https://console.example.com'] });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
    base = `ws://127.0.0.1:${port}/api/ws/msg/`;
  });
  afterAll(() => t.close());

  /** A signed-in console, ready. */
  const console_ = async (): Promise<TestSocket> => {
    const user = await makeUser(t, 1);
    const token = await login(t.app, user.account, user.password);
    const socket = await openSocket(`${base}${user.id}`);
    socket.send({ type: 'auth', token, lang: 'en-US' });
    expect(await socket.next()).toEqual({ type: 'ready', userId: user.id });
    return socket;
  };

  const answers = async (socket: TestSocket) => {
    socket.send({ type: 'ping' });
    expect(await socket.next()).toEqual({ type: 'pong' });
  };

  /** A socket that never signs in. */
  const stranger = async (options?: WebSocket.ClientOptions) => {
    const ws = new WebSocket(`${base}1`, options);
    const closed = closedWith(ws);
    ws.on('error', () => undefined);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return { ws, closed };
  };

  it.each([
    ['empty', 0],
    ['one-byte', 1],
  ])(
    'closes a socket that streams endless %s fragments before signing in, keeps a console answered, holds no memory',
    async (_name, size) => {
      const watcher = await console_();
      const { ws, closed } = await stranger();
      let open = true;
      void closed.then(() => (open = false));
      const before = memory();
      let peak = before;
      const payload = Buffer.alloc(size, 0x61);
      const batch = Buffer.concat(Array.from({ length: 1000 }, () => frame(CONTINUATION, false, payload)));
      const started = Date.now();
      const socket = (ws as unknown as { _socket: import('node:net').Socket })._socket;
      socket.write(frame(TEXT, false, payload));
      const pong = answers(watcher);
      // Endless, as far as the server can tell: it stops when the server closes the socket.
      while (open && Date.now() - started < SOCKET_AUTH_TIMEOUT_MS - 1_000) {
        if (!socket.destroyed) socket.write(batch);
        await new Promise((resolve) => setImmediate(resolve));
        peak = Math.max(peak, memory());
      }
      const { code } = await closed;
      // 1008: too many fragments, long before the sign-in deadline would have closed it.
      expect(code).toBe(1008);
      expect(Date.now() - started).toBeLessThan(SOCKET_AUTH_TIMEOUT_MS - 1_000);
      expect(peak - before).toBeLessThan(32 * 1024 * 1024);
      await pong;
      await answers(watcher);
      watcher.ws.close();
    },
    15_000,
  );

  it('closes a signed-in console that streams endless empty fragments, and keeps the others answered', async () => {
    const watcher = await console_();
    const flooder = await console_();
    let open = true;
    void flooder.closed.then(() => (open = false));
    const socket = (flooder.ws as unknown as { _socket: import('node:net').Socket })._socket;
    const empty = Buffer.alloc(0);
    const batch = Buffer.concat(Array.from({ length: 1000 }, () => frame(CONTINUATION, false, empty)));
    socket.write(frame(TEXT, false, empty));
    const started = Date.now();
    while (open && Date.now() - started < 3_000) {
      if (!socket.destroyed) socket.write(batch);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const ended = await Promise.race([
      flooder.closed,
      new Promise((resolve) => setTimeout(() => resolve(null), 1_000)),
    ]);
    flooder.ws.terminate();
    expect(ended).toMatchObject({ code: 1008 });
    await answers(watcher);
    watcher.ws.close();
  });

  it('drops a socket whose fragmented message is never finished at the sign-in deadline', async () => {
    const watcher = await console_();
    const { ws, closed } = await stranger();
    const socket = (ws as unknown as { _socket: import('node:net').Socket })._socket;
    const before = memory();
    // Just under the payload limit, in fragments, and never a final one.
    const piece = Buffer.alloc(100, 0x61);
    const pieces = Math.min(SOCKET_LIMITS.maxFragments - 1, Math.floor(SOCKET_LIMITS.maxPayload / 100) - 1);
    socket.write(frame(TEXT, false, piece));
    for (let i = 1; i < pieces; i++) socket.write(frame(CONTINUATION, false, piece));
    await answers(watcher);
    const started = Date.now();
    expect((await closed).code).toBe(SOCKET_CLOSE_UNAUTHORIZED);
    expect(Date.now() - started).toBeLessThanOrEqual(SOCKET_AUTH_TIMEOUT_MS + 500);
    expect(memory() - before).toBeLessThan(16 * 1024 * 1024);
    await answers(watcher);
    watcher.ws.close();
  }, 15_000);

  it('closes at once a socket whose unfinished message grows past the payload limit', async () => {
    const { ws, closed } = await stranger();
    const socket = (ws as unknown as { _socket: import('node:net').Socket })._socket;
    const piece = Buffer.alloc(125, 0x61);
    socket.write(frame(TEXT, false, piece));
    const started = Date.now();
    // Fewer fragments than the fragment limit would allow, but more bytes than the payload limit.
    const big = Buffer.alloc(SOCKET_LIMITS.maxPayload, 0x61);
    const header = Buffer.from([CONTINUATION, 0x80 | 127, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    header.writeUInt32BE(big.length, 6);
    socket.write(Buffer.concat([header, big]));
    expect((await closed).code).toBe(1009);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('refuses unauthenticated sockets beyond the cap of one address while a signed-in console keeps working', async () => {
    const watcher = await console_();
    const waiting = await Promise.all(Array.from({ length: SOCKET_LIMITS.maxPendingPerAddress }, () => stranger()));
    const extra = await stranger();
    expect(await extra.closed).toEqual({ code: SOCKET_CLOSE_BUSY, reason: 'too many unauthenticated sockets' });
    await answers(watcher);
    for (const { ws } of waiting) ws.close();
    await Promise.all(waiting.map(({ closed }) => closed));
    // Their places are free again.
    const later = await console_();
    await answers(later);
    later.ws.close();
    watcher.ws.close();
  });

  const upgrade = (origin: string | undefined) =>
    new Promise<number>((resolve) => {
      const ws = new WebSocket(`${base}1`, origin === undefined ? {} : { origin });
      ws.once('open', () => {
        ws.close();
        resolve(101);
      });
      ws.once('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0);
        ws.terminate();
      });
      ws.on('error', () => undefined);
    });

  it("refuses pages of a foreign origin and accepts the console's own, configured ones and non-browser clients", async () => {
    expect(await upgrade('https://evil.example')).toBe(403);
    expect(await upgrade('null')).toBe(403);
    expect(await upgrade(`http://127.0.0.1:${port + 1}`)).toBe(403);
    expect(await upgrade('http://console.example.com')).toBe(403);
    expect(await upgrade(`http://127.0.0.1:${port}`)).toBe(101);
    expect(await upgrade('https://console.example.com')).toBe(101);
    expect(await upgrade(undefined)).toBe(101);
  });
});
