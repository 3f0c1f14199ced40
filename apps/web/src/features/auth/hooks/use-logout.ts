import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { queryClient } from '@/shared/api';
import { closeAllSockets } from '@/shared/realtime';
import { clearSession } from '@/shared/session';
import { postLogout } from '../api/logout';

/** Ends the session: server logout, every socket closed, browser session and cached data cleared, login. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    closeAllSockets();
    await postLogout().catch(() => undefined);
    clearSession();
    await navigate('/login', { replace: true });
    // After the shell is gone, so that nothing refetches without a session.
    queryClient.clear();
  }, [navigate]);
}
