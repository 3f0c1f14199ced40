import { Button, Flex, Segmented, Slider, Tag, Typography } from 'antd';
import { PauseOutlined, CaretRightOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { PLAYBACK_SPEEDS, type TrackMark } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';

type Props = {
  start: number;
  end: number;
  position: number;
  playing: boolean;
  speed: number;
  /** The robot's speed at the moment shown (m/s), when known. */
  robotSpeed: number | null;
  marks: readonly TrackMark[];
  onPlay: () => void;
  onPause: () => void;
  onSeek: (ts: number) => void;
  onSpeed: (speed: number) => void;
};

export const formatTime = (ts: number) => dayjs(ts).format('YYYY-MM-DD HH:mm:ss');

/**
 * Play and pause, the speed (1× to 16×), the timeline with the alarms and commands on it, and the
 * moment shown. The slider moves by a second with the arrow keys (a minute with Page Up and Down).
 */
export function PlaybackControls(props: Props) {
  const { t } = useTranslation('tracks');
  const { start, end, position, playing, speed, marks } = props;
  // The timeline counts whole seconds from the start: the arrow keys move it by one.
  const seconds = Math.max(1, Math.ceil((end - start) / 1000));
  const sliderMarks = Object.fromEntries(
    marks
      .filter((m) => m.ts >= start && m.ts <= end)
      .map((m) => [
        Math.round((m.ts - start) / 1000),
        { label: <span aria-hidden>▲</span>, style: { color: 'inherit' } },
      ]),
  );
  return (
    <section aria-label={t('controls')} className="playback-controls">
      <Flex align="center" gap={12} wrap>
        <Button
          type="primary"
          icon={playing ? <PauseOutlined /> : <CaretRightOutlined />}
          onClick={playing ? props.onPause : props.onPlay}
          disabled={end <= start}
        >
          {playing ? t('pause') : t('play')}
        </Button>
        <Segmented
          aria-label={t('speed')}
          value={speed}
          onChange={(v) => props.onSpeed(Number(v))}
          options={PLAYBACK_SPEEDS.map((s) => ({ value: s, label: t('speedOption', { value: s }) }))}
        />
        <Typography.Text>
          {t('now')}:{' '}
          <time dateTime={new Date(position).toISOString()} data-testid="playback-time">
            {formatTime(position)}
          </time>
        </Typography.Text>
        {props.robotSpeed !== null ? (
          <Tag>{`${t('robotSpeed')}: ${t('speedValue', { value: props.robotSpeed.toFixed(1) })}`}</Tag>
        ) : null}
      </Flex>
      <Slider
        min={0}
        max={seconds}
        step={1}
        value={Math.round((position - start) / 1000)}
        marks={sliderMarks}
        disabled={end <= start}
        onChange={(v) => props.onSeek(start + v * 1000)}
        tooltip={{
          placement: 'bottom',
          formatter: (v) => (v === undefined ? '' : dayjs(start + v * 1000).format('HH:mm:ss')),
        }}
        ariaLabelForHandle={t('timeline')}
        ariaValueTextFormatterForHandle={(v) => (v === undefined ? '' : formatTime(start + v * 1000))}
        style={{ margin: '16px 8px 24px' }}
      />
    </section>
  );
}

/** The alarms and commands of the range as a list: choosing one jumps the playback to its moment. */
export function MarksList({ marks, onJump }: { marks: readonly TrackMark[]; onJump: (ts: number) => void }) {
  const { t } = useTranslation('tracks');
  const { t: tc } = useTranslation('commands');
  if (marks.length === 0) return <Typography.Text type="secondary">{t('noMarks')}</Typography.Text>;
  // A command is named as the command records name it; an alarm by its own text.
  const labelOf = (m: TrackMark) =>
    m.kind === 'command' ? tc(`records.commandNames.${m.label}`, { defaultValue: m.label }) : m.label;
  return (
    <ul aria-label={t('marks')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {marks.map((m) => (
        <li key={`${m.kind}-${m.id}`}>
          <Button
            type="text"
            block
            style={{ textAlign: 'start', height: 'auto', whiteSpace: 'normal' }}
            aria-label={t('jumpTo', { time: formatTime(m.ts), kind: t(`markKinds.${m.kind}`), label: labelOf(m) })}
            onClick={() => onJump(m.ts)}
          >
            <Flex gap={8} align="baseline" justify="flex-start" style={{ width: '100%' }}>
              <Tag color={m.kind === 'alarm' ? 'error' : 'processing'}>{t(`markKinds.${m.kind}`)}</Tag>
              <span>
                {dayjs(m.ts).format('HH:mm:ss')} {labelOf(m)}
              </span>
            </Flex>
          </Button>
        </li>
      ))}
    </ul>
  );
}
