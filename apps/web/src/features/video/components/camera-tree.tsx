import { Button, Empty, Flex, Typography } from 'antd';
import { VideoCameraOutlined } from '@ant-design/icons';
import type { VideoRobot, VideoTile } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { PresenceTag } from '@/shared/fleet';

/** The drag data type of a camera dragged onto a tile. */
export const CAMERA_DRAG_TYPE = 'application/x-patrol-camera';

/** Reads the camera a drop carries, or null when it carries something else. */
export function readDraggedCamera(data: DataTransfer): VideoTile | null {
  const text = data.getData(CAMERA_DRAG_TYPE);
  if (!text) return null;
  try {
    const value = JSON.parse(text) as VideoTile;
    return typeof value.robotId === 'number' && typeof value.camera === 'string' ? value : null;
  } catch {
    return null;
  }
}

type Props = {
  robots: VideoRobot[];
  /** A camera chosen with the keyboard or a click: shown in the selected tile. */
  onChoose: (tile: VideoTile) => void;
};

/** The robots the user may see and their cameras: drag one onto a tile, or choose it for the selected tile. */
export function CameraTree({ robots, onChoose }: Props) {
  const { t } = useTranslation('video');
  if (robots.length === 0) return <Empty description={t('noCameras')} />;
  return (
    <ul className="video-camera-tree" aria-label={t('cameras')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {robots.map((robot) => (
        <li key={robot.robotId} data-testid={`video-robot-${robot.robotId}`} style={{ marginBottom: 12 }}>
          <Flex align="center" gap={6} wrap>
            <Typography.Text strong>{robot.robotName}</Typography.Text>
            <Typography.Text type="secondary">{robot.serialNumber}</Typography.Text>
            <PresenceTag online={robot.online} />
          </Flex>
          <ul style={{ listStyle: 'none', margin: '4px 0 0', paddingLeft: 16 }}>
            {robot.cameras.map((camera) => (
              <li key={camera.id}>
                <Button
                  type="text"
                  size="small"
                  icon={<VideoCameraOutlined />}
                  draggable
                  data-testid={`video-camera-${robot.robotId}-${camera.id}`}
                  aria-label={t('showCamera', { robot: robot.robotName, camera: camera.name })}
                  onDragStart={(event) => {
                    event.dataTransfer.setData(
                      CAMERA_DRAG_TYPE,
                      JSON.stringify({ robotId: robot.robotId, camera: camera.id }),
                    );
                    event.dataTransfer.effectAllowed = 'copy';
                  }}
                  onClick={() => onChoose({ robotId: robot.robotId, camera: camera.id })}
                >
                  {camera.name}
                </Button>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
