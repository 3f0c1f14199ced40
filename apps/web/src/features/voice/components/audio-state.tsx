import { Tag } from 'antd';
import type { RobotAudioState } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../format';

const COLORS = { idle: 'default', playing: 'green', paused: 'orange' } as const;

/** The player's state, and "announcing" while a live announcement holds the loudspeaker. */
export function AudioStateTag({ audio, online }: { audio: RobotAudioState | undefined; online: boolean }) {
  const { t } = useTranslation('voice');
  if (!online) return <Tag>{t('offline')}</Tag>;
  if (!audio) return <Tag>{t('audio.unknown')}</Tag>;
  return (
    <>
      <Tag color={COLORS[audio.state]}>{t(`audio.states.${audio.state}`)}</Tag>
      {audio.announcing ? <Tag color="red">{t('audio.announcing')}</Tag> : null}
    </>
  );
}

/** What plays now: name and position / duration. */
export function NowPlaying({ audio }: { audio: RobotAudioState | undefined }) {
  const { t } = useTranslation('voice');
  if (!audio?.current) return <>{t('audio.nothing')}</>;
  return (
    <>
      {audio.current.name} · {formatDuration(audio.current.positionMs)} / {formatDuration(audio.current.durationMs)}
    </>
  );
}
