import { Button, Tooltip } from 'antd';
import { DeploymentUnitOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { feedback } from '@/shared/ui';

/** Opens the 3D dashboard (config 3dDashboardUrl); shown only when the session flag is '1'. */
export function DashboardButton({ url }: { url: string | null }) {
  const { t } = useTranslation('layout');
  const handleClick = () => {
    if (!url) {
      feedback().message.warning(t('dashboard.notConfigured'));
      return;
    }
    const opened = window.open(url, '_blank');
    if (!opened) {
      feedback().message.error(t('dashboard.openFailed'));
      return;
    }
    opened.opener = null;
  };
  return (
    <Tooltip title={t('dashboard.open')}>
      <Button type="text" icon={<DeploymentUnitOutlined />} onClick={handleClick} data-testid="dashboard-3d">
        {t('dashboard.open')}
      </Button>
    </Tooltip>
  );
}
