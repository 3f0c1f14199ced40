import { useMemo, useState } from 'react';
import { Alert, Card, Empty, Flex, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppConfig } from '@/shared/api';
import { useMenuTitle } from '@/shared/menu';
import { BaseMap } from '@/shared/map';
import { TrackLayer } from '@/shared/map/track-layer';
import { positionAt, usePlayback } from '@/shared/map/track-playback';
import { PageTitle, SectionTitle } from '@/shared/ui';
import { useTrack, useTrackMarks, type TrackRange } from '../api/tracks-api';
import { MarksList, PlaybackControls } from '../components/playback-controls';
import { TrackFilter } from '../components/track-filter';
import { useTrackColours } from '../hooks/use-track-colours';
import { readPlaybackLink } from '../playback-link';

/** Playback draws the track as fine as a close map shows it: the moving robot follows the real path. */
export const PLAYBACK_ZOOM = 20;

/**
 * History playback (`/data/history`): a robot's track between two times (from the address, as the
 * track records and run records link here, or chosen on the page) played on the map at 1× to 16×,
 * with the robot moving along the travelled part, and its alarms and commands on the timeline.
 */
export function HistoryPlaybackPage() {
  const { t } = useTranslation('tracks');
  const title = useMenuTitle('history') ?? t('playbackTitle');
  const config = useAppConfig(true);
  const colours = useTrackColours();
  const [params, setParams] = useSearchParams();
  const linked = useMemo(() => readPlaybackLink(params), [params]);
  const [filter, setFilter] = useState<Partial<TrackRange>>(() => linked ?? {});
  // A new link (the page kept in its tab, opened again for another robot or range) replaces the choice.
  const linkKey = linked ? `${linked.robotId}:${linked.from}:${linked.to}` : '';
  const [seenLink, setSeenLink] = useState(linkKey);
  if (linkKey !== seenLink) {
    setSeenLink(linkKey);
    if (linked) setFilter({ robotId: linked.robotId, from: linked.from, to: linked.to });
  }
  const range =
    filter.robotId !== undefined && filter.from !== undefined && filter.to !== undefined
      ? (filter as TrackRange)
      : null;
  const track = useTrack(range, PLAYBACK_ZOOM);
  const marks = useTrackMarks(range);
  const points = useMemo(() => track.data?.points ?? [], [track.data]);
  const start = points[0]?.[0] ?? range?.from ?? 0;
  const end = points.at(-1)?.[0] ?? range?.from ?? 0;
  const playback = usePlayback(start, end);
  const texts = useMemo(() => ({ start: t('start'), end: t('end'), robot: t('robotHere') }), [t]);
  const here = positionAt(points, playback.position);

  const handleFilter = (next: Partial<TrackRange>) => {
    setFilter(next);
    if (next.robotId !== undefined && next.from !== undefined && next.to !== undefined)
      setParams({ robotId: String(next.robotId), from: String(next.from), to: String(next.to) }, { replace: true });
  };

  return (
    <Flex vertical gap={12} className="history-playback-page">
      <Card variant="borderless" styles={{ body: { padding: '12px 16px' } }}>
        <Flex gap={12} align="center">
          <PageTitle>{title}</PageTitle>
          {linked?.runId !== undefined ? <Tag>{t('run', { runId: linked.runId })}</Tag> : null}
        </Flex>
      </Card>
      <Flex gap={12} style={{ height: 'calc(100vh - 200px)', minHeight: 560 }}>
        <Card
          variant="borderless"
          style={{ width: 340, flex: 'none' }}
          styles={{ body: { overflow: 'auto', height: '100%' } }}
        >
          <Flex vertical gap={16}>
            <TrackFilter value={filter} onChange={handleFilter} />
            <section aria-labelledby="playback-marks-title">
              <SectionTitle look={5} id="playback-marks-title">
                {t('marks')}
              </SectionTitle>
              {range ? <MarksList marks={marks.data ?? []} onJump={playback.seek} /> : null}
            </section>
          </Flex>
        </Card>
        <Flex vertical gap={12} style={{ flex: 1, minWidth: 0 }}>
          <Card
            variant="borderless"
            style={{ flex: 1, minHeight: 0 }}
            styles={{ body: { padding: 0, height: '100%' } }}
            role="region"
            aria-label={t('mapLabel')}
          >
            <BaseMap config={config.data?.map} testId="playback-map">
              <TrackLayer
                points={points}
                colours={colours}
                texts={texts}
                at={points.length ? playback.position : null}
                fitKey={range ? `${range.robotId}:${range.from}:${range.to}` : ''}
              />
            </BaseMap>
          </Card>
          <Card variant="borderless" styles={{ body: { padding: '12px 16px' } }}>
            {!range ? (
              <Empty description={t('chooseFirst')} />
            ) : track.isLoading ? (
              <Spin tip={t('loading')}>
                <div style={{ height: 60 }} />
              </Spin>
            ) : points.length === 0 ? (
              <Alert type="info" showIcon title={t('empty')} />
            ) : (
              <PlaybackControls
                start={start}
                end={end}
                position={playback.position}
                playing={playback.playing}
                speed={playback.speed}
                robotSpeed={here?.speed ?? null}
                marks={marks.data ?? []}
                onPlay={playback.play}
                onPause={playback.pause}
                onSeek={playback.seek}
                onSpeed={playback.setSpeed}
              />
            )}
          </Card>
        </Flex>
      </Flex>
    </Flex>
  );
}
