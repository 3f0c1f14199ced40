import { useSyncExternalStore } from 'react';
import { Button, Tooltip } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

function subscribe(listener: () => void) {
  document.addEventListener('fullscreenchange', listener);
  return () => document.removeEventListener('fullscreenchange', listener);
}

/** Whole-page full screen; follows Esc and F11 exits too. */
export function FullscreenButton() {
  const { t } = useTranslation('layout');
  const active = useSyncExternalStore(subscribe, () => document.fullscreenElement !== null);
  const label = active ? t('fullscreen.exit') : t('fullscreen.enter');
  const handleToggle = () => {
    const action = active ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    action.catch((error: unknown) => console.warn('Full screen was refused.', error));
  };
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        icon={active ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={handleToggle}
      />
    </Tooltip>
  );
}
