import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Alert, Button, Card, DatePicker, Empty, Flex, Form, Segmented, Select, Space, Typography } from 'antd';
import { CameraOutlined, DownloadOutlined, PauseOutlined, CaretRightOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import type Hls from 'hls.js';
import type { Events as HlsEvents } from 'hls.js';
import { VIDEO_CLIP_MAX_MS, VIDEO_HISTORY_RANGE_MAX_MS, VIDEO_SPEEDS } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '@/shared/api';
import { formatTime } from '@/shared/list';
import { useMenuTitle } from '@/shared/menu';
import { PageTitle, feedback } from '@/shared/ui';
import { fetchClipUrl, fetchHistory, useVideoCameras, videoKey, type CameraRef } from '../api/video-api';
import { TimelineBar } from '../components/timeline-bar';
import { StreamStatusTag } from '../components/stream-status-tag';
import { VideoPlayer } from '../components/video-player';
import { snapshotName, takeSnapshot } from '../player/snapshot';
import type { StreamState } from '../player/stream-controller';
import { positionAt, wallClockAt, type TimedFragment } from '../timeline';
import '../components/video.css';

type Filter = { robotId?: number; camera?: string; from: number; to: number };
type Range = CameraRef & { from: number; to: number };

/** Half the range opened around a time given in the link (`?at=`). */
const AROUND_MS = 30 * 60 * 1000;

function readNumber(value: string | null): number | undefined {
  const n = Number(value);
  return value !== null && value !== '' && Number.isFinite(n) && n > 0 ? n : undefined;
}

/** The filter a link opens: `?robotId=&camera=&at=` centres the range on `at`; else the last hour. */
export function filterFromLink(params: URLSearchParams, now: number): { filter: Filter; at: number | null } {
  const at = readNumber(params.get('at')) ?? null;
  const range =
    at !== null
      ? { from: at - AROUND_MS, to: Math.min(at + AROUND_MS, Math.max(now, at + 1000)) }
      : { from: now - 3600_000, to: now };
  return {
    filter: { robotId: readNumber(params.get('robotId')), camera: params.get('camera') ?? undefined, ...range },
    at,
  };
}

function fragmentsOf(hls: Hls | null): TimedFragment[] {
  const level = hls?.levels[Math.max(hls.currentLevel, 0)] ?? hls?.levels[0];
  return (level?.details?.fragments ?? []).map((f) => ({
    start: f.start,
    duration: f.duration,
    programDateTime: f.programDateTime ?? null,
  }));
}

/**
 * Historical video (`/data/video`): a camera's recordings in a range, a timeline showing where
 * recordings exist, play, pause, seek, speed, snapshot and the download of a clip. The time shown
 * is the wall clock of the picture (from the segments' PROGRAM-DATE-TIME).
 */
export function VideoHistoryPage() {
  const { t } = useTranslation('video');
  const title = useMenuTitle('video') ?? t('historyTitle');
  const [params] = useSearchParams();
  const [initial] = useState(() => filterFromLink(params, Date.now()));
  const [filter, setFilter] = useState<Filter>(initial.filter);
  const cameras = useVideoCameras();
  const robots = cameras.data ?? [];
  const robot = robots.find((r) => r.robotId === filter.robotId);
  const camera = filter.camera ?? robot?.cameras[0]?.id;
  const range: Range | null =
    filter.robotId !== undefined && camera !== undefined
      ? { robotId: filter.robotId, camera, from: filter.from, to: filter.to }
      : null;
  const queryKey = [...videoKey, 'history', range?.robotId, range?.camera, range?.from, range?.to];
  const queryClient = useQueryClient();
  const history = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchHistory(range!, signal),
    enabled: range !== null,
    staleTime: 60_000,
    retry: false,
  });

  const videoRef = useRef<HTMLVideoElement | null>(null);
  const hlsRef = useRef<Hls | null>(null);
  const pending = useRef<number | null>(initial.at);
  const [now, setNow] = useState<number | null>(null);
  const [paused, setPaused] = useState(false);
  const [speed, setSpeed] = useState(1);
  const [state, setState] = useState<StreamState>({ status: 'stopped' });
  const [clipError, setClipError] = useState<string | null>(null);

  // Seeks run once the segments' times are known: after the playlist loads, or at once.
  const [seekTick, setSeekTick] = useState(0);
  const requestSeek = () => setSeekTick((n) => n + 1);
  const applySeek = useEffectEvent(() => {
    const video = videoRef.current;
    const target = pending.current;
    // Before its metadata the element has no timeline to seek in: the seek waits for it.
    if (!video || target === null || !range || video.readyState < 1) return;
    const fragments = fragmentsOf(hlsRef.current);
    if (fragments.length > 0) {
      const position = positionAt(target, fragments);
      if (position !== null) video.currentTime = position;
      pending.current = null;
    } else if (!hlsRef.current) {
      video.currentTime = Math.max(0, (target - range.from) / 1000);
      pending.current = null;
    }
  });
  useEffect(() => applySeek(), [seekTick]);

  const onHls = (hls: Hls | null) => {
    hlsRef.current = hls;
    hls?.on('hlsLevelLoaded' as HlsEvents.LEVEL_LOADED, requestSeek);
  };

  const source =
    history.data && range
      ? () =>
          queryClient.fetchQuery({ queryKey, queryFn: ({ signal }) => fetchHistory(range, signal), staleTime: 60_000 })
      : null;

  const mediaEvents = {
    onTimeUpdate: (event: { currentTarget: HTMLVideoElement }) => {
      const video = event.currentTarget;
      const wall = wallClockAt(video.currentTime, fragmentsOf(hlsRef.current));
      setNow(wall ?? (range ? range.from + video.currentTime * 1000 : null));
    },
    onLoadedMetadata: (event: { currentTarget: HTMLVideoElement }) => {
      event.currentTarget.playbackRate = speed;
      requestSeek();
    },
    onPlay: () => setPaused(false),
    onPause: () => setPaused(true),
  };

  const seek = (time: number) => {
    pending.current = time;
    requestSeek();
  };

  const download = async () => {
    if (!range) return;
    setClipError(null);
    const from = Math.max(range.from, Math.min(now ?? range.from, range.to - 1000));
    const to = Math.min(from + VIDEO_CLIP_MAX_MS, range.to);
    try {
      const clip = await fetchClipUrl({ ...range, from, to });
      window.location.assign(clip.url);
    } catch (error) {
      setClipError(isApiError(error) ? error.message : String(error));
    }
  };

  const snapshot = () => {
    const video = videoRef.current;
    if (
      !video ||
      !robot ||
      !range ||
      !takeSnapshot(video, snapshotName(robot.robotName, range.camera, now ?? range.from))
    ) {
      feedback().message.warning(t('noPicture'));
    }
  };

  const cameraName = robot?.cameras.find((c) => c.id === camera)?.name ?? camera ?? '';
  const picker: [Dayjs, Dayjs] = [dayjs(filter.from), dayjs(filter.to)];

  return (
    <Flex vertical gap={12} className="video-history-page">
      <Card variant="borderless" styles={{ body: { padding: '12px 16px' } }}>
        <PageTitle>{title}</PageTitle>
      </Card>
      <Card variant="borderless">
        <Form layout="inline" aria-label={t('filters')} className="video-history-filter">
          <Form.Item label={t('robot')} htmlFor="video-robot">
            <Select
              id="video-robot"
              style={{ width: 220 }}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('chooseRobot')}
              value={filter.robotId}
              loading={cameras.isLoading}
              onChange={(robotId: number) => setFilter({ ...filter, robotId, camera: undefined })}
              options={robots.map((r) => ({ value: r.robotId, label: `${r.robotName} (${r.serialNumber})` }))}
            />
          </Form.Item>
          <Form.Item label={t('camera')} htmlFor="video-camera">
            <Select
              id="video-camera"
              style={{ width: 160 }}
              placeholder={t('chooseCamera')}
              value={camera}
              onChange={(value: string) => setFilter({ ...filter, camera: value })}
              options={(robot?.cameras ?? []).map((c) => ({ value: c.id, label: c.name }))}
            />
          </Form.Item>
          <Form.Item label={t('range')} htmlFor="video-range" extra={t('rangeTooLong')}>
            <DatePicker.RangePicker
              id={{ start: 'video-range' }}
              showTime
              value={picker}
              allowClear={false}
              disabledDate={(day, info) => {
                const from = info.from;
                return !!from && Math.abs(day.valueOf() - from.valueOf()) > VIDEO_HISTORY_RANGE_MAX_MS;
              }}
              onChange={(dates) => {
                const [from, to] = dates ?? [];
                if (from && to && to.valueOf() > from.valueOf()) {
                  pending.current = null;
                  setFilter({ ...filter, from: from.valueOf(), to: to.valueOf() });
                }
              }}
            />
          </Form.Item>
        </Form>
      </Card>
      <Card variant="borderless">
        {!range ? (
          <Empty description={t('chooseFirst')} />
        ) : history.isError ? (
          <Alert
            type="error"
            showIcon
            title={isApiError(history.error) ? history.error.message : String(history.error)}
            data-testid="video-history-error"
          />
        ) : (
          <Flex vertical gap={12}>
            {history.data?.recordings && history.data.recordings.length === 0 ? (
              <Alert type="info" showIcon title={t('noRecordings')} />
            ) : null}
            <div className="video-history__player">
              <VideoPlayer
                source={source}
                sourceKey={queryKey.join(':')}
                label={`${robot?.robotName ?? ''} ${cameraName}`}
                live={false}
                videoRef={videoRef}
                onState={setState}
                onHls={onHls}
                mediaEvents={mediaEvents}
                testId="video-history-player"
              />
            </div>
            <TimelineBar
              from={range.from}
              to={range.to}
              recordings={history.data?.recordings ?? null}
              position={now}
              onSeek={seek}
            />
            <Flex align="center" gap={12} wrap>
              <StreamStatusTag status={state.status} />
              <Button
                icon={paused ? <CaretRightOutlined /> : <PauseOutlined />}
                aria-label={paused ? t('play') : t('pause')}
                data-testid="video-play-pause"
                onClick={() => {
                  const video = videoRef.current;
                  if (!video) return;
                  if (video.paused) void video.play().catch(() => undefined);
                  else video.pause();
                }}
              >
                {paused ? t('play') : t('pause')}
              </Button>
              <Typography.Text id="video-speed-label">{t('speed')}</Typography.Text>
              <Segmented<number>
                aria-labelledby="video-speed-label"
                value={speed}
                options={VIDEO_SPEEDS.map((s) => ({ value: s, label: t('speedOption', { speed: s }) }))}
                onChange={(value) => {
                  setSpeed(value);
                  if (videoRef.current) videoRef.current.playbackRate = value;
                }}
              />
              <Button icon={<CameraOutlined />} onClick={snapshot}>
                {t('snapshot')}
              </Button>
              <Space>
                <Button icon={<DownloadOutlined />} onClick={() => void download()} data-testid="video-download">
                  {t('download')}
                </Button>
                <Typography.Text type="secondary">{t('downloadHint')}</Typography.Text>
              </Space>
              <Typography.Text data-testid="video-clock" data-time={now ?? ''}>
                {t('currentTime')}: {now !== null ? formatTime(new Date(now).toISOString()) : '—'}
              </Typography.Text>
            </Flex>
            {clipError ? <Alert type="error" showIcon title={clipError} data-testid="video-clip-error" /> : null}
          </Flex>
        )}
      </Card>
    </Flex>
  );
}
