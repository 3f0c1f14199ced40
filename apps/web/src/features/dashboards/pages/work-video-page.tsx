import type { ComponentType } from 'react';
import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMenuTitle } from '@/shared/menu';
import { PageTitle } from '@/shared/ui';
import { RobotPicker } from '../components/robot-picker';
import { usePickedRobots } from '../hooks/use-picked-robots';
import '../components/dashboards.css';

/** The most pictures of the video wall (a 3 × 3 grid). */
export const VIDEO_WALL_MAX = 9;

type Props = {
  /** A robot's live picture (the video area's player, handed in by the app). */
  video?: ComponentType<{ robotId: number }>;
};

/** Work View, video wall (`/workVision/workVideo`): the live pictures of the chosen robots. */
export function WorkVideoPage({ video: Video }: Props) {
  const { t } = useTranslation('dashboards');
  const title = useMenuTitle('workVideo');
  const { picked, setPicked, names } = usePickedRobots(VIDEO_WALL_MAX);
  const columns = picked.length <= 1 ? 1 : picked.length <= 4 ? 2 : 3;
  return (
    <div className="dash-wall">
      <div className="dash-wall__bar">
        <PageTitle look={3} className="dash-wall__title">
          {title}
        </PageTitle>
        <RobotPicker
          value={picked}
          onChange={setPicked}
          max={VIDEO_WALL_MAX}
          label={t('picker.label', { max: VIDEO_WALL_MAX })}
        />
      </div>
      {names.length === 0 || picked.length === 0 || !Video ? (
        <Card variant="borderless">
          <Empty description={t(names.length === 0 ? 'picker.none' : 'live.pickRobots')} />
        </Card>
      ) : (
        <div
          className="dash-grid"
          style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
          data-testid="video-wall"
        >
          {picked.map((robotId) => {
            const name = names.find((r) => r.robotId === robotId)?.name ?? String(robotId);
            return (
              <section key={robotId} className="dash-video" aria-label={name}>
                <div className="dash-video__name">{name}</div>
                <Video robotId={robotId} />
              </section>
            );
          })}
        </div>
      )}
    </div>
  );
}
