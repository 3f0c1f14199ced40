import { connect as connectTcp, createServer, type AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';

/** Whether a TCP connection to host:port is accepted. */
export const reachable = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connectTcp({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** An address of this machine other than loopback, to try a listener from "outside". */
export const otherAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

/** A port free on loopback now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
