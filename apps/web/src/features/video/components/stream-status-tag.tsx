import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StreamStatus } from '../player/stream-controller';

const COLOURS: Record<StreamStatus, string> = {
  stopped: 'default',
  connecting: 'processing',
  playing: 'success',
  stalled: 'warning',
  offline: 'default',
  error: 'error',
};

/** The player's state in words, as a tag. */
export function StreamStatusTag({ status }: { status: StreamStatus }) {
  const { t } = useTranslation('video');
  return (
    <Tag color={COLOURS[status]} data-status={status} className="video-status-tag">
      {t(`status.${status}`)}
    </Tag>
  );
}
