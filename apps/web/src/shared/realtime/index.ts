export { SocketClient, resolveSocketUrl } from './socket-client';
export { closeAllSockets } from './live-sockets';
export type { SocketClientOptions, SocketMessage, SocketStatus } from './socket-client';
export { RealtimeProvider, useRealtimeClient, useSocketStatus, useSocketSubscription } from './realtime-context';
