import { useEffect, useRef } from 'react';
import { App, Button, Tooltip } from 'antd';
import { PauseCircleFilled, PlayCircleOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FleetStopStatus, RobotLive } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/shared/api';
import { useActingTenant, useFleetSelect } from '@/shared/fleet';
import { formatTime } from '@/shared/list';
import { useSocketStatus, useSocketSubscription } from '@/shared/realtime';
import { announce } from '@/shared/ui';
import { fleetStopKey, mergePushed, resumeFleet, stopFleet, useFleetStopStatus } from '../api/fleet-stop-api';
import './fleet-stop-control.css';

type Action = 'stop' | 'resume';

/** Robots of the live fleet that report being held by the stop. */
const countStopped = (robots: RobotLive[]) => robots.filter((r) => r.state?.mode === 'stopped').length;

/**
 * Keeps the acting tenant's fleet stop current on this console: pushes land in the query cache
 * (with this user's own `mayControl`), and a reconnection refetches it, since pushes may have been
 * missed. A change made elsewhere is said to screen readers.
 */
function useFleetStopSync() {
  const queryClient = useQueryClient();
  const tenantId = useActingTenant();
  const { t } = useTranslation('fleet-stop');
  useSocketSubscription('fleetStop', (message) => {
    const key = fleetStopKey(tenantId);
    const before = queryClient.getQueryData<FleetStopStatus>(key);
    queryClient.setQueryData<FleetStopStatus>(key, (current) => mergePushed(current, message.data));
    if (before && before.active !== message.data.active) {
      announce(
        message.data.active ? t('said.stoppedElsewhere', { name: message.data.stoppedBy ?? '' }) : t('said.resumed'),
        message.data.active ? 'assertive' : 'polite',
      );
    }
  });
  const status = useSocketStatus();
  const opened = useRef(false);
  useEffect(() => {
    if (status !== 'open') return;
    if (opened.current) void queryClient.invalidateQueries({ queryKey: fleetStopKey(tenantId) });
    opened.current = true;
  }, [status, queryClient, tenantId]);
}

/**
 * The header's "Stop all robots" control (for users who may stop the fleet): one confirmation, then
 * every robot of the tenant the user may control stops. While a stop is in force it reads "Resume
 * all (N stopped)", from the server's status and the live fleet, on every console of the tenant.
 */
export function FleetStopControl() {
  const status = useFleetStopStatus();
  if (!status.data?.mayControl) return null;
  return <FleetStopButton status={status.data} />;
}

function FleetStopButton({ status }: { status: FleetStopStatus }) {
  const { t } = useTranslation('fleet-stop');
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const tenantId = useActingTenant();
  useFleetStopSync();
  const live = useFleetSelect(countStopped);
  // The live fleet counts the robots that report being stopped; without it, the robots the stop holds.
  const stopped = live.data ?? status.robots;

  const action = useMutation({
    mutationFn: (which: Action) => (which === 'stop' ? stopFleet() : resumeFleet()),
    onMutate: (which) => announce(t(which === 'stop' ? 'said.stopping' : 'said.resuming')),
    onSuccess: (next, which) => {
      queryClient.setQueryData(fleetStopKey(tenantId), next);
      announce(which === 'stop' ? t('said.stopped', { held: next.robots }) : t('said.resumed'));
    },
    onError: (error) => announce(isApiError(error) ? error.message : t('said.failed'), 'assertive'),
  });

  const handleClick = () => {
    // The dialog keeps the action it was opened for, whatever arrives while it is open.
    const which: Action = status.active ? 'resume' : 'stop';
    const count = stopped;
    modal.confirm({
      title: t(which === 'stop' ? 'confirmStop.title' : 'confirmResume.title'),
      content: which === 'stop' ? t('confirmStop.content') : t('confirmResume.content', { stopped: count }),
      okText: t(which === 'stop' ? 'confirmStop.ok' : 'confirmResume.ok'),
      okButtonProps: { danger: which === 'stop' },
      cancelText: t('cancel'),
      // A refusal is reported once by the query client, and the dialog closes.
      onOk: () => action.mutateAsync(which).catch(() => undefined),
    });
  };

  const label = status.active ? t('control.resume', { stopped }) : t('control.stop');
  const hint = status.active
    ? t('control.stoppedBy', { name: status.stoppedBy ?? '', time: formatTime(status.stoppedTime) })
    : t('control.stopHint');
  return (
    <Tooltip title={hint}>
      <Button
        danger
        type={status.active ? 'default' : 'primary'}
        icon={status.active ? <PlayCircleOutlined aria-hidden /> : <PauseCircleFilled aria-hidden />}
        loading={action.isPending}
        onClick={handleClick}
        data-testid="fleet-stop"
        data-active={status.active}
      >
        <span className="fleet-stop-control__label">{label}</span>
      </Button>
    </Tooltip>
  );
}
