import type { SocketServerMessage } from '@patrol/contracts';
import WebSocket from 'ws';

export type TestSocket = {
  ws: WebSocket;
  /** The next message from the server (waits up to `ms`). */
  next(ms?: number): Promise<SocketServerMessage>;
  /** Resolves with the close code and reason once the socket closes. */
  closed: Promise<{ code: number; reason: string }>;
  send(message: unknown): void;
};

/** A real console socket to a listening app, collecting what the server sends. */
export async function openSocket(url: string): Promise<TestSocket> {
  const ws = new WebSocket(url);
  const queue: SocketServerMessage[] = [];
  const waiters: ((m: SocketServerMessage) => void)[] = [];
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString()) as SocketServerMessage;
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    closed,
    send: (message) => ws.send(JSON.stringify(message)),
    next: (ms = 3000) =>
      new Promise<SocketServerMessage>((resolve, reject) => {
        const queued = queue.shift();
        if (queued) return resolve(queued);
        const timer = setTimeout(() => reject(new Error('no socket message in time')), ms);
        waiters.push((m) => {
          clearTimeout(timer);
          resolve(m);
        });
      }),
  };
}
