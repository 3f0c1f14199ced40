import { Image, Skeleton, Typography } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { alarmImageKey, fetchAlarmImage } from '../api/alarms-api';
import { useObjectUrl } from '../hooks/use-object-url';

type Props = {
  alarmId: number;
  /** Whether the alarm came with an image (its `img`); none is fetched otherwise. */
  hasImage: boolean;
  /** What the image shows, for its alt text ("Alpha SIM-0001, net gun alarm"). */
  description: string;
  width: number;
  height?: number;
  /** A click opens the full-size preview. */
  preview?: boolean;
};

/**
 * An alarm's image. The image route needs the session's Authorization header, which an `<img src>`
 * does not send: it is fetched as a Blob through the api client and shown from an object URL,
 * released when the image goes.
 */
export function AlarmImage({ alarmId, hasImage, description, width, height, preview = true }: Props) {
  const { t } = useTranslation('alarms');
  const image = useQuery({
    queryKey: alarmImageKey(alarmId),
    queryFn: ({ signal }) => fetchAlarmImage(alarmId, signal),
    enabled: hasImage,
    // An alarm's image never changes.
    staleTime: Infinity,
  });
  const url = useObjectUrl(image.data);

  const box = { width, height: height ?? Math.round((width * 3) / 4) };
  if (hasImage && image.isPending) {
    return (
      <div role="img" aria-label={t('image.loading')} aria-busy="true" style={box}>
        <Skeleton.Image active style={box} />
      </div>
    );
  }
  if (!hasImage || image.isError || !url) {
    return (
      <div
        className="alarm-image--empty"
        style={{ ...box, display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 4 }}
      >
        <PictureOutlined aria-hidden />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t(image.isError ? 'image.failed' : 'image.none')}
        </Typography.Text>
      </div>
    );
  }
  return (
    <Image
      src={url}
      alt={t('image.alt', { description })}
      width={box.width}
      height={box.height}
      style={{ objectFit: 'cover' }}
      preview={preview ? { mask: t('image.preview') } : false}
    />
  );
}
