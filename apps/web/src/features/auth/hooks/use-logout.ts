import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { queryClient } from '@/shared/api/query-client';
import { closeAllSockets } from '@/shared/realtime/live-sockets';
import { clearSession } from '@/shared/session';

/** Ends the session: server logout, every socket closed, browser session and cached data cleared, login. */
export async function endSession(go: (path: string) => unknown): Promise<void> {
  closeAllSockets();
  // The call (and the contracts' schemas) load here: the login page ends a session only after signing in.
  await import('../api/logout').then((api) => api.postLogout()).catch(() => undefined);
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
