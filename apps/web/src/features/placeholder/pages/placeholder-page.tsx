import { Card, Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { APP_VERSION } from '@patrol/contracts';
import { useMenuTitle } from '@/shared/menu';
import { PageTitle } from '@/shared/ui';

type Props = {
  /** Route name; the title is the menu's, in the current language. */
  name: string;
  /** For routes that are not in the menu (live video, debug). */
  title?: string;
};

/** The one page every area that is not built yet shows: its title and a plain sentence saying so. */
export function PlaceholderPage({ name, title }: Props) {
  const { t } = useTranslation('placeholder');
  const menuTitle = useMenuTitle(name);
  return (
    <Card className="placeholder-page" variant="borderless">
      <Result
        icon={<ToolOutlined style={{ color: '#8c8c8c' }} />}
        title={<PageTitle look="inherit">{menuTitle ?? title ?? name}</PageTitle>}
        subTitle={t('notBuilt', { version: APP_VERSION })}
      />
    </Card>
  );
}
