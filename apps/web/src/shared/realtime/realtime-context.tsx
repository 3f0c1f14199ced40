import { createContext, use, useEffect, useEffectEvent, useMemo, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import type { SocketServerMessage } from '@patrol/contracts';
import { currentLanguage } from '../i18n';
import { getToken } from '../session';
import { SocketClient } from './socket-client';
import type { SocketMessage, SocketStatus } from './socket-client';

const RealtimeContext = createContext<SocketClient | null>(null);

/** Opens the console socket while mounted with a URL; pages below subscribe to what they show. */
export function RealtimeProvider({ url, children }: { url: string | null; children: ReactNode }) {
  const client = useMemo(
    () => (url ? new SocketClient({ url, token: getToken, language: currentLanguage }) : null),
    [url],
  );
  useEffect(() => {
    if (!client) return;
    // Deferred a tick: a mount that is undone at once (React's strict mode) opens no socket at all.
    const timer = setTimeout(() => client.connect(), 0);
    return () => {
      clearTimeout(timer);
      client.close();
    };
  }, [client]);
  return <RealtimeContext value={client}>{children}</RealtimeContext>;
}

export function useRealtimeClient(): SocketClient | null {
  return use(RealtimeContext);
}

type KnownType = SocketServerMessage['type'];

/** Subscribes while mounted (and visible); the handler always sees the latest props. */
export function useSocketSubscription<T extends KnownType>(
  type: T,
  handler: (message: Extract<SocketServerMessage, { type: T }>) => void,
): void;
export function useSocketSubscription(type: string, handler: (message: SocketMessage) => void): void;
export function useSocketSubscription(type: string, handler: (message: never) => void): void {
  const client = useRealtimeClient();
  const onMessage = useEffectEvent((message: SocketMessage) => (handler as (message: SocketMessage) => void)(message));
  useEffect(() => {
    if (!client) return;
    return client.subscribe(type, (message: SocketMessage) => onMessage(message));
  }, [client, type]);
}

const idle = () => () => {};

/** The live link's state, for the indicator that says when it is down. */
export function useSocketStatus(): SocketStatus | null {
  const client = useRealtimeClient();
  return useSyncExternalStore(
    client ? (listener) => client.onStatus(listener) : idle,
    () => client?.getStatus() ?? null,
  );
}
