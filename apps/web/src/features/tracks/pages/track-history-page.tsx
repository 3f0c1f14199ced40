import { useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Spin } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { MAP_DEFAULTS } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppConfig } from '@/shared/api';
import { useMenuTitle } from '@/shared/menu';
import { BaseMap } from '@/shared/map';
import { MapZoomWatcher, TrackLayer } from '@/shared/map/track-layer';
import { PageTitle } from '@/shared/ui';
import { useTrack, type TrackRange } from '../api/tracks-api';
import { TrackFilter, presetRange } from '../components/track-filter';
import { TrackStats } from '../components/track-stats';
import { useTrackColours } from '../hooks/use-track-colours';
import { playbackLink } from '../playback-link';

/** A zoom this far from the one the track was simplified for fetches it again. */
export const REFETCH_ZOOM_STEP = 2;

/**
 * Track records (`/task/trackHistory`): a robot's track between two times on the map, simplified by
 * the server for the map's zoom (fetched again when the zoom changes a lot), its start and end, its
 * statistics, and the way to play it back.
 */
export function TrackHistoryPage() {
  const { t } = useTranslation('tracks');
  const title = useMenuTitle('trackHistory') ?? t('historyTitle');
  const navigate = useNavigate();
  const config = useAppConfig(true);
  const colours = useTrackColours();
  const [filter, setFilter] = useState<Partial<TrackRange>>(() => presetRange('lastHour'));
  const [zoom, setZoom] = useState<number>(MAP_DEFAULTS.zoom);
  const range =
    filter.robotId !== undefined && filter.from !== undefined && filter.to !== undefined
      ? (filter as TrackRange)
      : null;
  const track = useTrack(range, zoom);
  const texts = useMemo(() => ({ start: t('start'), end: t('end'), robot: t('robotHere') }), [t]);
  const points = track.data?.points ?? [];

  return (
    <Flex vertical gap={12} className="track-history-page">
      <Card variant="borderless" styles={{ body: { padding: '12px 16px' } }}>
        <PageTitle>{title}</PageTitle>
      </Card>
      <Flex gap={12} style={{ height: 'calc(100vh - 200px)', minHeight: 540 }}>
        <Card
          variant="borderless"
          style={{ width: 340, flex: 'none' }}
          styles={{ body: { overflow: 'auto', height: '100%' } }}
        >
          <Flex vertical gap={16}>
            <TrackFilter value={filter} onChange={setFilter} />
            {!range ? (
              <Empty description={t('chooseFirst')} />
            ) : track.isLoading ? (
              <Spin tip={t('loading')}>
                <div style={{ height: 80 }} />
              </Spin>
            ) : track.data ? (
              <>
                <TrackStats track={track.data} />
                {track.data.rawCount === 0 ? <Alert type="info" showIcon title={t('empty')} /> : null}
                <Button
                  type="primary"
                  icon={<PlayCircleOutlined />}
                  disabled={track.data.rawCount === 0}
                  onClick={() => void navigate(playbackLink(range))}
                >
                  {t('playBack')}
                </Button>
              </>
            ) : null}
          </Flex>
        </Card>
        <Card
          variant="borderless"
          style={{ flex: 1, minWidth: 0 }}
          styles={{ body: { padding: 0, height: '100%' } }}
          role="region"
          aria-label={t('mapLabel')}
        >
          <BaseMap config={config.data?.map} testId="track-map">
            <TrackLayer
              points={points}
              colours={colours}
              texts={texts}
              fitKey={range ? `${range.robotId}:${range.from}:${range.to}` : ''}
            />
            <MapZoomWatcher
              onZoom={(z) => {
                if (Math.abs(z - zoom) >= REFETCH_ZOOM_STEP) setZoom(z);
              }}
            />
          </BaseMap>
        </Card>
      </Flex>
    </Flex>
  );
}
