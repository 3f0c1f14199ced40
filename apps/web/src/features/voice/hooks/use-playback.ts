import { useState } from 'react';
import { App } from 'antd';
import {
  FINAL_COMMAND_STATUSES,
  type CommandStatus,
  type PlaybackAction,
  type PlaybackRequest,
} from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/shared/api';
import { useCommandProgress } from '@/shared/fleet';
import { translateMessage } from '@/shared/i18n';
import { announce } from '@/shared/ui';
import { sendPlayback } from '../api/voice-api';

/** The spec's message for an audio command the robot did not carry out, by the action asked. */
export function commandErrorKey(
  action: PlaybackAction,
): 'playback.errors.play' | 'playback.errors.volume' | 'playback.errors.mute' {
  if (action === 'volume') return 'playback.errors.volume';
  if (action === 'mute') return 'playback.errors.mute';
  return 'playback.errors.play';
}

/** Whether a refusal is the one of a robot in a live announcement (409 `voice.announcing`). */
export function isAnnouncingRefusal(error: unknown): boolean {
  return isApiError(error) && error.code === 409 && error.message === translateMessage('voice.announcing');
}

/** One robot's part of the last action: the command sent and how far it got, or why nothing was sent. */
export type PlaybackTrack = {
  robotId: number;
  robotName: string;
  action: PlaybackAction;
  recordId: number | null;
  status: CommandStatus | null;
  error: string | null;
};

const FAILED: readonly CommandStatus[] = ['failed', 'refused', 'expired', 'noResult'];

/**
 * Sends playback actions (`POST /voice/playback`) and follows each robot's command on the console
 * socket; a robot in a live announcement is only interrupted after the operator confirms.
 */
export function usePlayback() {
  const { t } = useTranslation('voice');
  const { message, modal } = App.useApp();
  const [tracks, setTracks] = useState<PlaybackTrack[]>([]);
  const [pending, setPending] = useState(false);

  useCommandProgress((record) => {
    setTracks((current) => {
      const mine = current.find((track) => track.recordId === record.recordId);
      if (!mine || mine.status === record.status) return current;
      if (FAILED.includes(record.status)) {
        const text = `${record.robotName}: ${t(commandErrorKey(mine.action))}`;
        message.error(text);
        announce(text, 'assertive');
      } else if (record.status === 'done') {
        announce(t('playback.doneOn', { robot: record.robotName }));
      }
      return current.map((track) => (track.recordId === record.recordId ? { ...track, status: record.status } : track));
    });
  });

  const run = async (request: PlaybackRequest): Promise<boolean> => {
    setPending(true);
    try {
      const result = await sendPlayback(request);
      setTracks(
        result.outcomes.map((outcome) => ({
          robotId: outcome.robotId,
          robotName: outcome.robotName,
          action: request.action,
          recordId: outcome.recordId,
          status: outcome.recordId !== null ? 'sent' : null,
          error: outcome.error,
        })),
      );
      const refused = result.outcomes.filter((outcome) => outcome.error);
      if (refused.length > 0) message.warning(refused.map((o) => `${o.robotName}: ${o.error}`).join('; '));
      else message.success(t('playback.sent'));
      return true;
    } catch (error) {
      if (isAnnouncingRefusal(error) && !request.stopAnnouncement) {
        modal.confirm({
          title: t('playback.announcingTitle'),
          content: t('playback.announcingConfirm'),
          okText: t('playback.announcingOk'),
          onOk: () => run({ ...request, stopAnnouncement: true }),
        });
        return false;
      }
      message.error(isApiError(error) ? error.message : String(error));
      return false;
    } finally {
      setPending(false);
    }
  };

  return {
    run,
    tracks,
    pending,
    final: (status: CommandStatus | null) => !!status && FINAL_COMMAND_STATUSES.includes(status),
  };
}
