import { Slider } from 'antd';
import type { RecordingSpan } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/shared/list';
import { fractionOf, spanBars, timeAtFraction } from '../timeline';

type Props = {
  from: number;
  to: number;
  /** Where recordings exist; null: the media server does not say, the whole range is shown. */
  recordings: RecordingSpan[] | null;
  /** The wall-clock time playing now, or null before the first picture. */
  position: number | null;
  onSeek: (time: number) => void;
};

/** The range as a bar with the recorded spans and where the video is; a click (or the slider) seeks. */
export function TimelineBar({ from, to, recordings, position, onSeek }: Props) {
  const { t } = useTranslation('video');
  const bars = spanBars(recordings ?? [{ from, to }], from, to);
  return (
    <div className="video-timeline-wrap">
      <div
        className="video-timeline"
        data-testid="video-timeline"
        aria-hidden
        onClick={(event) => {
          const box = event.currentTarget.getBoundingClientRect();
          onSeek(timeAtFraction((event.clientX - box.left) / box.width, from, to));
        }}
      >
        {bars.map((bar, i) => (
          <div
            key={i}
            className="video-timeline__span"
            data-testid="video-recording"
            style={{ left: `${bar.left}%`, width: `${Math.max(bar.width, 0.2)}%` }}
          />
        ))}
        {position !== null ? (
          <div className="video-timeline__cursor" style={{ left: `${fractionOf(position, from, to) * 100}%` }} />
        ) : null}
      </div>
      <Slider
        min={from}
        max={to}
        step={1000}
        value={position ?? from}
        ariaLabelForHandle={t('timelineSlider')}
        ariaValueTextFormatterForHandle={(value) =>
          value === undefined ? '' : formatTime(new Date(value).toISOString())
        }
        tooltip={{ formatter: (value) => (value === undefined ? '' : formatTime(new Date(value).toISOString())) }}
        onChangeComplete={(value) => onSeek(value)}
      />
    </div>
  );
}
