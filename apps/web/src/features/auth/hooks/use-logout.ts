import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { queryClient } from '@/shared/api/query-client';
import { closeAllSockets } from '@/shared/realtime/live-sockets';
import { clearSession } from '@/shared/session';

/** How long signing out waits for the server's answer before it goes on without it. */
export const LOGOUT_WAIT_MS = 2000;

/** Ends the session: server logout, every socket closed, browser session and cached data cleared, login. */
export async function endSession(go: (path: string) => unknown): Promise<void> {
  closeAllSockets();
  // The call (and the contracts' schemas) load here: the login page ends a session only after signing in.
  const api = await import('../api/logout').catch(() => null);
  // The call takes the token with it as it starts; a slow server does not keep the user on this
  // screen: after LOGOUT_WAIT_MS the call goes on by itself.
  const ended = api?.postLogout().catch(() => undefined);
  if (ended) await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, LOGOUT_WAIT_MS))]);
  clearSession();
  await go('/login');
  // After the shell is gone, so that nothing refetches without a session.
  queryClient.clear();
}

/** `endSession` for a component. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(() => endSession((path) => navigate(path, { replace: true })), [navigate]);
}
