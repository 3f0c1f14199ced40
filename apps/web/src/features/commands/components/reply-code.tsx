import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { codeMeaning } from './records-format';

/** A reply code: 0 green, others red, with what it means. */
export function ReplyCode({ code }: { code: number | null }) {
  const { t } = useTranslation('commands');
  if (code === null) return <span>—</span>;
  const meaning = codeMeaning(code, t);
  return (
    <Tag color={code === 0 ? 'success' : 'error'} data-code={code}>
      {meaning ? `${code} ${meaning}` : code}
    </Tag>
  );
}
