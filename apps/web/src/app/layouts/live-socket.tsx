import type { ReactNode } from 'react';
import { useAppConfig, useHomeData } from '@/shared/api';
import { FleetSync } from '@/shared/fleet';
import { RealtimeProvider, resolveSocketUrl } from '@/shared/realtime';

/**
 * The console socket for a page opened on its own (the live window): the main layout's, without
 * the shell. Until the user and the config are known the page shows what REST gives.
 */
export function LiveSocket({ children }: { children: ReactNode }) {
  const home = useHomeData();
  const config = useAppConfig(home.data !== undefined);
  const userId = home.data?.loginUser.userId;
  const url = userId !== undefined && config.data?.socketUrl ? resolveSocketUrl(config.data.socketUrl, userId) : null;
  return (
    <RealtimeProvider url={url}>
      <FleetSync />
      {children}
    </RealtimeProvider>
  );
}
