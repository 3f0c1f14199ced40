/** What the registry needs of a socket: closing it. */
type Closable = { close(): void };

// The open console sockets of this tab. Kept apart from the socket client, so that the session's
// end (api set-up, logout) can close them without loading the client and its message schema.
const liveSockets = new Set<Closable>();

export function trackSocket(socket: Closable): void {
  liveSockets.add(socket);
}

export function untrackSocket(socket: Closable): void {
  liveSockets.delete(socket);
}

/** Closes every console socket of this tab (logout, session end). */
export function closeAllSockets(): void {
  for (const socket of [...liveSockets]) socket.close();
}
