import { Descriptions } from 'antd';
import type { TrackResult } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { trackDistance } from '@/shared/map/track-playback';
import { SectionTitle } from '@/shared/ui';

/** Hours, minutes and seconds of a span of milliseconds. */
export function splitDuration(ms: number) {
  const s = Math.max(0, Math.round(ms / 1000));
  return { h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60), s: s % 60 };
}

/** Points stored and drawn, the distance along the drawn track and its time from first to last point. */
export function TrackStats({ track }: { track: TrackResult }) {
  const { t } = useTranslation('tracks');
  const metres = trackDistance(track.points);
  const first = track.points[0]?.[0];
  const last = track.points.at(-1)?.[0];
  return (
    <section aria-labelledby="track-stats-title">
      <SectionTitle look={5} id="track-stats-title">
        {t('stats.title')}
      </SectionTitle>
      <Descriptions
        column={1}
        size="small"
        data-testid="track-stats"
        items={[
          {
            key: 'points',
            label: t('stats.points'),
            children: t('stats.pointsValue', { raw: track.rawCount, drawn: track.points.length }),
          },
          {
            key: 'distance',
            label: t('stats.distance'),
            children:
              metres >= 1000
                ? t('kilometres', { value: (metres / 1000).toFixed(2) })
                : t('metres', { value: Math.round(metres) }),
          },
          {
            key: 'duration',
            label: t('stats.duration'),
            children: t('durationValue', splitDuration(first === undefined || last === undefined ? 0 : last - first)),
          },
        ]}
      />
    </section>
  );
}
