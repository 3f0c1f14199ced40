import { List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PlaybackTrack } from '../hooks/use-playback';

const COLORS: Record<string, string> = {
  sent: 'processing',
  acknowledged: 'processing',
  done: 'success',
  failed: 'error',
  refused: 'error',
  expired: 'warning',
  noResult: 'warning',
};

/** Each robot's part of the last action, followed to its reply. */
export function PlaybackOutcomes({ tracks }: { tracks: PlaybackTrack[] }) {
  const { t } = useTranslation('voice');
  if (tracks.length === 0) return null;
  return (
    <List
      size="small"
      aria-label={t('playback.outcomes')}
      aria-live="polite"
      dataSource={tracks}
      renderItem={(track) => (
        <List.Item data-testid="voice-playback-outcome">
          <Typography.Text>
            {track.robotName} · {t(`playback.actions.${track.action}`)}
          </Typography.Text>
          {track.error ? (
            <Typography.Text type="danger">{track.error}</Typography.Text>
          ) : track.status ? (
            <Tag color={COLORS[track.status]}>{t(`playback.status.${track.status}`)}</Tag>
          ) : null}
        </List.Item>
      )}
    />
  );
}
