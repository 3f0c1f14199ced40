import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const TAGS = {
  success: { color: 'success', key: 'result.success' },
  failure: { color: 'error', key: 'result.failure' },
  locked: { color: 'warning', key: 'result.locked' },
  unknown: { color: 'default', key: 'result.unknown' },
} as const;

/** The result of a sign-in or an operation, coloured. */
export function ResultTag({ result }: { result: keyof typeof TAGS }) {
  const { t } = useTranslation('logs');
  const tag = TAGS[result];
  return <Tag color={tag.color}>{t(tag.key)}</Tag>;
}
