export { SocketClient, closeAllSockets, resolveSocketUrl } from './socket-client';
export type { SocketClientOptions, SocketMessage, SocketStatus } from './socket-client';
export { RealtimeProvider, useRealtimeClient, useSocketStatus, useSocketSubscription } from './realtime-context';
