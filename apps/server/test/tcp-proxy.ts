import { createServer, connect as connectTcp, type Socket } from 'node:net';

/**
 * What the proxy does with traffic: `forward` passes it both ways; `blackhole` accepts connections
 * and keeps them open but passes nothing (a peer that stopped answering: a cable pulled, a frozen
 * host); `refuse` closes every connection at once (a peer that is down).
 */
export type ProxyMode = 'forward' | 'blackhole' | 'refuse';

export type TcpProxy = {
  /** The port the proxy listens on, on 127.0.0.1. */
  port: number;
  /** `target` URL with its host and port replaced by the proxy's (e.g. a database URL). */
  url(target: string): string;
  /** Changes the mode for open connections and new ones alike. */
  setMode(mode: ProxyMode): void;
  close(): Promise<void>;
};

/** A TCP proxy on 127.0.0.1 in front of `target`, which can stop answering or refuse on demand. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = 'forward';
  const pairs = new Set<{ client: Socket; upstream: Socket | null }>();

  // Half-open allowed: a black hole must not answer a peer's goodbye (FIN) either.
  const server = createServer({ allowHalfOpen: true }, (client) => {
    if (mode === 'refuse') {
      client.destroy();
      return;
    }
    const pair: { client: Socket; upstream: Socket | null } = { client, upstream: null };
    pairs.add(pair);
    const upstream = connectTcp({ ...target, allowHalfOpen: true });
    pair.upstream = upstream;
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    // Ended both ways: nothing more to pass.
    let ends = 0;
    const ended = () => {
      if (++ends === 2) end();
    };
    client.on('end', ended);
    upstream.on('end', ended);
    // Data goes through only while forwarding: a black hole swallows it in both directions.
    client.on('data', (chunk: Buffer) => {
      if (mode === 'forward') upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (mode === 'forward') client.write(chunk);
    });
    client.on('end', () => {
      if (mode === 'forward') upstream.end();
    });
    upstream.on('end', () => {
      if (mode === 'forward') client.end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    port,
    url: (targetUrl) => {
      const url = new URL(targetUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    setMode: (next) => {
      mode = next;
      if (next === 'refuse') {
        for (const pair of pairs) {
          pair.client.destroy();
          pair.upstream?.destroy();
        }
        pairs.clear();
      }
    },
    close: async () => {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream?.destroy();
      }
      pairs.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
