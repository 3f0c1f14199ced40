import { connect as connectTcp } from 'node:net';
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
