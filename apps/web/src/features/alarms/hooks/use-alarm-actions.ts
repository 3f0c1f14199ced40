import { App } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SENTIMENT_RET, type AlarmDetail, type AlarmKind, type DisposalOperation } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { announce } from '@/shared/ui';
import { alarmDetailKey, alarmsRoot, operateAlarm, sendGunCommand, sendSentimentCommand } from '../api/alarms-api';

/** What an action needs to know of its alarm, frozen when its confirmation opens. */
export type AlarmTarget = {
  alarmId: number;
  kind: AlarmKind;
  robotId: number;
  robotName: string;
  serialNumber: string;
  /** The report time (epoch ms): the `timestamp` of cmd/gun and cmd/sentiment. */
  timestamp: number;
};

type Action =
  | { type: 'operate'; operation: DisposalOperation }
  | { type: 'gun'; flag: boolean }
  | { type: 'sentiment'; ret: number };

/** Operations that send the robot a command, or end the alarm: they are confirmed first. */
export const CONFIRMED_OPERATIONS: readonly DisposalOperation[] = ['ignore', 'trackTarget', 'siren', 'complete'];

/**
 * The alarm's operations: the disposal ones, the net-gun decision and the sentiment result. Each
 * asks first when it commands the robot or ends the alarm; the dialog shows the robot and the
 * alarm as they were when it opened. A success refreshes the alarm and the lists and is said; a
 * failure (a 409 "already handled by X") is reported once, with the server's message.
 */
export function useAlarmActions(onDone?: (detail: AlarmDetail, action: Action) => void) {
  const { t } = useTranslation('alarms');
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ target, action }: { target: AlarmTarget; action: Action }) => {
      if (action.type === 'gun')
        return sendGunCommand({
          robotId: target.robotId,
          data: { timestamp: target.timestamp, flag: action.flag, alarmId: target.alarmId },
        });
      if (action.type === 'sentiment')
        return sendSentimentCommand({
          robotId: target.robotId,
          data: { timestamp: target.timestamp, ret: action.ret, alarmId: target.alarmId },
        });
      return operateAlarm({ alarmId: target.alarmId, operation: action.operation });
    },
    onSuccess: (detail, { action }) => {
      queryClient.setQueryData(alarmDetailKey(detail.alarmId), detail);
      void queryClient.invalidateQueries({ queryKey: alarmsRoot });
      const text = t('actions.done');
      void message.success(text);
      announce(text);
      onDone?.(detail, action);
    },
  });

  const run = (target: AlarmTarget, action: Action) => mutation.mutateAsync({ target, action });

  /** Asks, then runs: `title` and `content` are fixed now, whatever happens while the dialog is open. */
  const confirm = (target: AlarmTarget, action: Action, title: string, okText: string, danger = false) => {
    const content = t('confirm.content', {
      robot: target.robotName,
      serial: target.serialNumber,
      alarmId: target.alarmId,
    });
    modal.confirm({
      title,
      content,
      okText,
      cancelText: t('confirm.cancel'),
      okButtonProps: { danger },
      // Above the alarm popups that open it.
      zIndex: 1100,
      // The promise keeps OK busy; a refusal closes the dialog, its message shown once.
      onOk: () => run(target, action).catch(() => undefined),
    });
  };

  return {
    pending: mutation.isPending,
    /** Allow (true) or reject (false) the net gun, after a confirmation. */
    decideGun: (target: AlarmTarget, flag: boolean) =>
      confirm(
        target,
        { type: 'gun', flag },
        t(flag ? 'confirm.allowTitle' : 'confirm.rejectTitle'),
        t(flag ? 'actions.allow' : 'actions.reject'),
        flag,
      ),
    /** "No deal": confirm the ignore, then send ret 4. */
    noDeal: (target: AlarmTarget) =>
      confirm(target, { type: 'sentiment', ret: SENTIMENT_RET.ignore }, t('confirm.noDealTitle'), t('actions.noDeal')),
    /** A disposal operation, confirmed first when it commands the robot or ends the alarm. */
    operate: (target: AlarmTarget, operation: DisposalOperation) => {
      if (!CONFIRMED_OPERATIONS.includes(operation))
        return void run(target, { type: 'operate', operation }).catch(() => undefined);
      confirm(
        target,
        { type: 'operate', operation },
        t(`confirm.operationTitles.${operation as 'ignore'}`),
        t(`operations.${operation}`),
      );
    },
  };
}
