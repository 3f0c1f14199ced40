import { Alert, Typography } from 'antd';
import { SCHEDULE_PREVIEW_COUNT } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { formatRunTime } from './format-run';
import type { RunPreview as Preview } from './schedule-values';

type Props = { preview: Preview; timeZone: string };

/** The next five run times of the form being filled in, in the tenant's zone; said when they change. */
export function RunPreview({ preview, timeZone }: Props) {
  const { t, i18n } = useTranslation('schedules');
  const title = t('preview.title', { count: SCHEDULE_PREVIEW_COUNT, zone: timeZone });
  let body;
  if (preview.kind === 'times') {
    body = (
      <ol style={{ margin: 0, paddingInlineStart: 20 }}>
        {preview.times.map((at) => (
          <li key={at.getTime()}>
            <time dateTime={at.toISOString()}>{formatRunTime(at, timeZone, i18n.language)}</time>
          </li>
        ))}
      </ol>
    );
  } else {
    body = (
      <Typography.Text type={preview.kind === 'none' ? 'danger' : 'secondary'}>
        {t(`preview.${preview.kind}`)}
      </Typography.Text>
    );
  }
  return (
    <section aria-label={title} aria-live="polite" data-testid="schedule-preview">
      <Alert
        type={preview.kind === 'none' ? 'warning' : 'info'}
        showIcon={false}
        message={<strong>{title}</strong>}
        description={body}
      />
    </section>
  );
}
