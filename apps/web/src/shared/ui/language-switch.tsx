import { Button, Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Language } from '@patrol/contracts';
import { isLanguage, setLanguage, useLanguage } from '../i18n';

/** The language switch of the header and the login page (data-testid `language-switch`). */
export function LanguageSwitch({ onDark = false }: { onDark?: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const labels: Record<Language, string> = {
    'zh-CN': t('languages.zhCN'),
    'zh-TW': t('languages.zhTW'),
    'en-US': t('languages.enUS'),
  };
  const items: MenuProps['items'] = (Object.keys(labels) as Language[]).map((key) => ({
    key,
    label: labels[key],
  }));
  const handleClick: MenuProps['onClick'] = ({ key }) => {
    if (isLanguage(key) && key !== language) void setLanguage(key);
  };
  return (
    <Dropdown menu={{ items, onClick: handleClick, selectable: true, selectedKeys: [language] }} trigger={['click']}>
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t('languages.label')}
        data-testid="language-switch"
        style={onDark ? { color: 'rgba(255,255,255,0.85)' } : undefined}
      >
        {labels[language]}
      </Button>
    </Dropdown>
  );
}
