import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Alert, Button, Flex, Space, Switch, Tooltip, Typography, theme } from 'antd';
import { AlertOutlined, CloseOutlined, MutedOutlined, SoundOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { AlarmKind, AlarmPushData } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useActingTenant } from '@/shared/fleet';
import { useRealtimeClient, useSocketSubscription } from '@/shared/realtime';
import { announce, useReducedMotion } from '@/shared/ui';
import { alarmMuteKey, alarmsRoot, fetchAlarmMute, muteAlarms } from '../api/alarms-api';
import { isMuted, storeMute } from '../hooks/alarm-mute';
import { useAlarmActions, type AlarmTarget } from '../hooks/use-alarm-actions';
import { beep, isAlarmSoundOn, useAlarmSound } from '../hooks/use-alarm-sound';
import { AlarmImage } from './alarm-image';
import { MuteControl } from './mute-control';
import './alarm-popups.css';

/** How long "already handled by X" stays before its popup closes. */
export const HANDLED_CLOSE_MS = 3_000;

type Popup = {
  kind: AlarmKind;
  robotId: number;
  data: AlarmPushData;
  /** Set when another operator handled it: the popup says so, then closes. */
  handledBy?: string;
};

/** Where each kind's details are listed. */
const DETAILS_PATH: Record<AlarmKind, string> = { gun: '/data/gunRecord', sentiment: '/data/alarmHandling' };

/** The hidden live window of a sentiment alarm (`/lol`), opened beside the console. */
export function liveWindowUrl(robotId: number, timestamp: number): string {
  const { origin, pathname } = window.location;
  return `${origin}${pathname}#/lol?id=${robotId}&timestamp=${timestamp}`;
}

type PopupProps = {
  popup: Popup;
  onClose: () => void;
};

function AlarmPopup({ popup, onClose }: PopupProps) {
  const { t } = useTranslation('alarms');
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const id = useId();
  const reduced = useReducedMotion();
  const [sound, setSound] = useAlarmSound();
  const [muting, setMuting] = useState(false);
  const actions = useAlarmActions(() => onClose());
  const { kind, data, robotId } = popup;
  const target: AlarmTarget = {
    alarmId: data.alarmId,
    kind,
    robotId,
    robotName: data.robotName,
    serialNumber: data.serialNumber,
    timestamp: data.timestamp,
  };
  const robot = `${data.robotName} ${data.serialNumber}`;
  const handled = popup.handledBy !== undefined;
  const busy = actions.pending || handled;

  const handleMute = async (seconds: number) => {
    const mute = await muteAlarms({ kind, seconds });
    storeMute(mute);
    announce(t('mute.done', { count: seconds }));
    onClose();
  };
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.stopPropagation();
      if (muting) setMuting(false);
      else onClose();
    }
  };
  const color = kind === 'gun' ? token.colorError : token.colorWarning;

  return (
    <section
      role="alertdialog"
      aria-modal="false"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      className={`alarm-popup${reduced ? '' : ' alarm-popup--animated'}`}
      data-testid={`alarm-popup-${kind}`}
      data-alarm-id={data.alarmId}
      onKeyDown={handleKeyDown}
      style={{
        background: token.colorBgElevated,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowSecondary,
        borderTop: `4px solid ${color}`,
      }}
    >
      <Flex align="center" gap={8} className="alarm-popup__head">
        <AlertOutlined aria-hidden style={{ color, fontSize: 18 }} />
        <Typography.Text strong id={`${id}-title`} style={{ flex: 1 }}>
          {t(`popup.title.${kind}`)}
        </Typography.Text>
        <Tooltip title={t('sound.label')}>
          <Switch
            size="small"
            checked={sound}
            onChange={setSound}
            aria-label={t('sound.label')}
            checkedChildren={<SoundOutlined aria-hidden />}
            unCheckedChildren={<MutedOutlined aria-hidden />}
          />
        </Tooltip>
        <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('popup.dismiss')} onClick={onClose} />
      </Flex>
      <Flex gap={12} id={`${id}-body`} className="alarm-popup__body">
        <AlarmImage
          alarmId={data.alarmId}
          hasImage={data.img !== null}
          description={`${robot}, ${t(`kinds.${kind}`)}`}
          width={120}
          height={90}
        />
        <dl className="alarm-popup__fields" style={{ color: token.colorText }}>
          <dt style={{ color: token.colorTextSecondary }}>{t('popup.robot')}</dt>
          <dd>{robot}</dd>
          <dt style={{ color: token.colorTextSecondary }}>{t('popup.code')}</dt>
          <dd>{data.code}</dd>
          <dt style={{ color: token.colorTextSecondary }}>{t('popup.msg')}</dt>
          <dd>{data.msg}</dd>
          <dt style={{ color: token.colorTextSecondary }}>{t('popup.time')}</dt>
          <dd>{dayjs(data.timestamp).format('YYYY-MM-DD HH:mm:ss')}</dd>
        </dl>
      </Flex>
      {handled ? (
        <Alert
          type="info"
          showIcon
          role="status"
          title={t('popup.handledBy', { name: popup.handledBy || t('popup.anotherOperator') })}
          style={{ marginTop: 8 }}
        />
      ) : null}
      {muting && !handled ? (
        <MuteControl onMute={handleMute} onCancel={() => setMuting(false)} />
      ) : (
        <Space wrap size={8} className="alarm-popup__actions">
          <Button size="small" onClick={() => void navigate(`${DETAILS_PATH[kind]}?alarmId=${data.alarmId}`)}>
            {t('actions.details')}
          </Button>
          {kind === 'gun' ? (
            <>
              <Button size="small" disabled={busy} onClick={() => actions.decideGun(target, false)}>
                {t('actions.reject')}
              </Button>
              <Button
                size="small"
                type="primary"
                danger
                disabled={busy}
                onClick={() => actions.decideGun(target, true)}
              >
                {t('actions.allow')}
              </Button>
            </>
          ) : (
            <>
              <Button
                size="small"
                onClick={() => window.open(liveWindowUrl(robotId, data.timestamp), '_blank', 'noopener')}
              >
                {t('actions.live')}
              </Button>
              <Button size="small" disabled={busy} onClick={() => actions.noDeal(target)}>
                {t('actions.noDeal')}
              </Button>
            </>
          )}
          <Button size="small" disabled={handled} onClick={() => setMuting(true)}>
            {t('actions.mute')}
          </Button>
        </Space>
      )}
    </section>
  );
}

type Props = {
  /** The signed-in user: an alarm handled by someone else says so before its popup closes. */
  userId: number;
  /** How long "already handled by X" stays (tests shorten it). */
  handledCloseMs?: number;
};

/**
 * The alarm popups of the main layout (spec section 4): one per kind at most, a new one replacing
 * the old; no auto-close; a kind muted until a time shows none before then. A new alarm beeps
 * (unless the sound is off) and is said in the assertive live region. The popups are non-modal
 * dialogs: the operator keeps working on the page, and reaches them with Tab.
 */
export function AlarmPopups({ userId, handledCloseMs = HANDLED_CLOSE_MS }: Props) {
  const { t } = useTranslation('alarms');
  const client = useRealtimeClient();
  const tenantId = useActingTenant();
  const queryClient = useQueryClient();
  const [popups, setPopups] = useState<Partial<Record<AlarmKind, Popup>>>({});
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const container = useRef<HTMLDivElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => client?.watch('alarms', tenantId), [client, tenantId]);
  // The server's mute times, also for a console whose socket is down; the socket keeps them current.
  useQuery({
    queryKey: alarmMuteKey,
    queryFn: async ({ signal }) => {
      const mute = await fetchAlarmMute(signal);
      storeMute(mute);
      return mute;
    },
    staleTime: 0,
  });
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  const close = (kind: AlarmKind, alarmId?: number) => {
    // Focus inside a closing popup goes back where it came from (or to the other popup).
    if (container.current?.contains(document.activeElement)) {
      const back = returnFocus.current;
      if (back?.isConnected) back.focus();
      else document.body.focus();
    }
    setPopups((current) => {
      const shown = current[kind];
      if (!shown || (alarmId !== undefined && shown.data.alarmId !== alarmId)) return current;
      const next = { ...current };
      delete next[kind];
      return next;
    });
  };

  const handleAlarm = (kind: AlarmKind, message: { data: AlarmPushData; robotId: number }) => {
    void queryClient.invalidateQueries({ queryKey: alarmsRoot });
    if (isMuted(kind)) return;
    setPopups((current) => ({ ...current, [kind]: { kind, robotId: message.robotId, data: message.data } }));
    if (isAlarmSoundOn()) beep();
    announce(
      t('popup.announce', {
        kind: t(`kinds.${kind}`),
        robot: `${message.data.robotName} ${message.data.serialNumber}`,
        msg: message.data.msg,
      }),
      'assertive',
    );
  };

  useSocketSubscription('gun', (message) => handleAlarm('gun', message));
  useSocketSubscription('sentiment', (message) => handleAlarm('sentiment', message));
  useSocketSubscription('alarmMute', (message) => storeMute(message.data));
  // A (re)connection may have missed pushes: the open lists and details read again.
  useSocketSubscription('ready', () => void queryClient.invalidateQueries({ queryKey: alarmsRoot }));
  useSocketSubscription('alarmHandled', ({ data }) => {
    void queryClient.invalidateQueries({ queryKey: alarmsRoot });
    const shown = popups[data.kind];
    if (!shown || shown.data.alarmId !== data.alarmId) return;
    if (data.operatorId === userId) {
      close(data.kind, data.alarmId);
      return;
    }
    const name = data.operatorName ?? '';
    setPopups((current) => {
      const popup = current[data.kind];
      if (!popup || popup.data.alarmId !== data.alarmId) return current;
      return { ...current, [data.kind]: { ...popup, handledBy: name } };
    });
    announce(t('popup.handledBy', { name: name || t('popup.anotherOperator') }));
    clearTimeout(timers.current.get(data.alarmId));
    timers.current.set(
      data.alarmId,
      setTimeout(() => {
        timers.current.delete(data.alarmId);
        close(data.kind, data.alarmId);
      }, handledCloseMs),
    );
  });

  const shown = (['sentiment', 'gun'] as const).flatMap((kind) => (popups[kind] ? [popups[kind]] : []));
  return (
    <div
      ref={container}
      className="alarm-popups"
      onFocus={(event) => {
        const from = event.relatedTarget as HTMLElement | null;
        if (from && !container.current?.contains(from)) returnFocus.current = from;
      }}
    >
      {shown.map((popup) => (
        // A new alarm of the kind is a new dialog (its mute panel and state start afresh).
        <AlarmPopup key={`${popup.kind}-${popup.data.alarmId}`} popup={popup} onClose={() => close(popup.kind)} />
      ))}
    </div>
  );
}
