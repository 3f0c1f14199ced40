import { useEffect, useRef } from 'react';
import { Alert } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { RobotLive } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { useSocketStatus, useSocketSubscription } from '../realtime';
import {
  applyRobots,
  fleetKey,
  fleetRefusedKey,
  fleetRoot,
  removeRobots,
  useActingTenant,
  useFleet,
} from './use-fleet';

/**
 * Writes the socket's live robots into the query cache of the acting tenant, once for every page
 * (mount it under the realtime provider). Pushes that fail their schema never get here: the socket
 * client drops them. After a reconnection the fleet is refetched, since pushes may have been missed.
 */
export function FleetSync() {
  const queryClient = useQueryClient();
  const tenantId = useActingTenant();
  const status = useSocketStatus();

  useSocketSubscription('robots', (message) => {
    queryClient.setQueryData<RobotLive[]>(fleetKey(tenantId), (current) =>
      applyRobots(current, message.data, !!message.full),
    );
    // A robots push means the subscription was accepted.
    if (queryClient.getQueryData(fleetRefusedKey(tenantId))) queryClient.setQueryData(fleetRefusedKey(tenantId), false);
  });
  useSocketSubscription('robotsGone', (message) => {
    queryClient.setQueryData<RobotLive[]>(fleetKey(tenantId), (current) => removeRobots(current, message.data));
  });
  useSocketSubscription('refused', (message) => {
    if (message.topic === 'robots') queryClient.setQueryData(fleetRefusedKey(tenantId), true);
  });

  const opened = useRef(false);
  useEffect(() => {
    if (status !== 'open') return;
    if (opened.current) void queryClient.invalidateQueries({ queryKey: fleetRoot });
    opened.current = true;
  }, [status, queryClient]);
  return null;
}

/** Says when live state cannot be trusted: the link is down, or the server refused the live robots. */
export function FleetBanner() {
  const { t } = useTranslation();
  const { live, loading, refused } = useFleet();
  if (refused)
    return <Alert type="error" showIcon role="alert" title={t('fleetLive.refused')} style={{ marginBottom: 8 }} />;
  if (!live && !loading)
    return <Alert type="warning" showIcon title={t('fleetLive.linkDown')} style={{ marginBottom: 8 }} />;
  return null;
}
