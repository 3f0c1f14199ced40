import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_CLOSE_UNAUTHORIZED } from '@patrol/contracts';
import { closeAllSockets } from './live-sockets';
import { SocketClient, resolveSocketUrl } from './socket-client';

class FakeSocket {
  static OPEN = 1;
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

describe('socket client', () => {
  let sockets: FakeSocket[];
  let client: SocketClient;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    sockets = [];
    client = new SocketClient({
      url: 'ws://host/api/ws/msg/7',
      token: () => 'tok',
      language: () => 'en-US',
      createSocket: (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket as unknown as WebSocket;
      },
    });
  });

  afterEach(() => {
    closeAllSockets();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('authenticates first with the token and the language, and is open on "ready"', () => {
    const statuses: string[] = [];
    client.onStatus((status) => statuses.push(status));
    client.connect();
    sockets[0]!.open();
    expect(JSON.parse(sockets[0]!.sent[0]!)).toEqual({ type: 'auth', token: 'tok', lang: 'en-US' });
    sockets[0]!.receive({ type: 'ready', userId: 7 });
    expect(statuses).toEqual(['connecting', 'open']);
  });

  it('dispatches by type until unsubscribed', () => {
    const notices = vi.fn();
    const unsubscribe = client.subscribe('1', notices);
    client.connect();
    sockets[0]!.open();
    sockets[0]!.receive({ type: '1', data: { title: 'T', content: 'C' } });
    sockets[0]!.receive({ type: 'other', data: 1 });
    expect(notices).toHaveBeenCalledTimes(1);
    expect(notices).toHaveBeenCalledWith({ type: '1', data: { title: 'T', content: 'C' } });
    unsubscribe();
    sockets[0]!.receive({ type: '1', data: { content: 'again' } });
    expect(notices).toHaveBeenCalledTimes(1);
  });

  it('drops malformed known messages and non-JSON', () => {
    const notices = vi.fn();
    client.subscribe('1', notices);
    client.connect();
    sockets[0]!.receive({ type: '1', data: {} });
    sockets[0]!.onmessage?.({ data: 'not json' });
    expect(notices).not.toHaveBeenCalled();
  });

  it('reconnects with growing back-off after a drop', () => {
    client.connect();
    sockets[0]!.drop();
    expect(client.getStatus()).toBe('closed');
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(2);
    sockets[1]!.drop();
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1_001);
    expect(sockets).toHaveLength(3);
  });

  it('after a server restart (close 1001) it is back within a second of the server, however long the restart', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    client.connect();
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'ready', userId: 7 });
    sockets[0]!.drop(1001);
    // The server is away for 6 s: every attempt until then is refused at once.
    const upAt = Date.now() + 6_000;
    let readyAt: number | null = null;
    client.onStatus((status) => {
      if (status === 'open') readyAt = Date.now();
    });
    const restartedAt = Date.now();
    for (let handled = 1; readyAt === null && Date.now() - restartedAt < 60_000; ) {
      vi.advanceTimersByTime(50);
      for (; handled < sockets.length; handled++) {
        const socket = sockets[handled]!;
        if (Date.now() < upAt) socket.drop(1006);
        else {
          socket.open();
          socket.receive({ type: 'ready', userId: 7 });
        }
      }
    }
    expect(readyAt).not.toBeNull();
    expect(readyAt! - upAt).toBeLessThanOrEqual(1_100);
    // Back on the normal back-off once open: a later drop waits about a second again.
    const count = sockets.length;
    sockets.at(-1)!.drop(1006);
    vi.advanceTimersByTime(600);
    expect(sockets).toHaveLength(count);
  });

  it('stops for good on close code 4401', () => {
    client.connect();
    sockets[0]!.open();
    sockets[0]!.drop(SOCKET_CLOSE_UNAUTHORIZED);
    expect(client.getStatus()).toBe('unauthorized');
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('closeAllSockets closes it and nothing reconnects', () => {
    client.connect();
    sockets[0]!.open();
    closeAllSockets();
    expect(sockets[0]!.readyState).toBe(3);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('resolves the configured URL against the page, with ws/wss and the user id', () => {
    expect(resolveSocketUrl('/api/ws/msg/', 7, 'http://console.local:8080/#/home')).toBe(
      'ws://console.local:8080/api/ws/msg/7',
    );
    expect(resolveSocketUrl('/api/ws/msg/', 7, 'https://console.example/#/home')).toBe(
      'wss://console.example/api/ws/msg/7',
    );
    expect(resolveSocketUrl('wss://push.example/msg/', 3)).toBe('wss://push.example/msg/3');
  });

  it('asks for a watched topic once open, again after every reconnection, and lets it go when nobody watches', () => {
    client.connect();
    const stopA = client.watch('robots', 3);
    const stopB = client.watch('robots', 3);
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'ready', userId: 7 });
    const sent = (socket: FakeSocket) => socket.sent.map((m) => JSON.parse(m) as { type: string });
    expect(sent(sockets[0]!)).toContainEqual({ type: 'subscribe', topic: 'robots', tenantId: 3 });
    sockets[0]!.drop();
    vi.advanceTimersByTime(2000);
    sockets[1]!.open();
    sockets[1]!.receive({ type: 'ready', userId: 7 });
    expect(sent(sockets[1]!)).toContainEqual({ type: 'subscribe', topic: 'robots', tenantId: 3 });
    stopA();
    expect(sent(sockets[1]!).filter((m) => m.type === 'unsubscribe')).toHaveLength(0);
    stopB();
    expect(sent(sockets[1]!).at(-1)).toEqual({ type: 'unsubscribe', topic: 'robots' });
  });
});
