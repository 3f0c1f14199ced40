import { useState } from 'react';
import { Alert } from 'antd';
import { LAYOUT } from '@patrol/contracts/plain';
import { useTranslation } from 'react-i18next';
import { useScreenGuard } from '../hooks/use-screen-guard';

/**
 * The low-resolution warning: pinned to the bottom of the window, clear of the header and the
 * tag bar, for as long as the window is below 1366x768 and until it is closed (it comes back when the
 * window's size changes and is still too small).
 */
export function ScreenWarning() {
  const { t } = useTranslation();
  const { width, height, below } = useScreenGuard();
  // Closed, it stays closed for this size: it must not keep covering the page of a zoomed window.
  const [closedAt, setClosedAt] = useState<string | null>(null);
  const size = `${width}x${height}`;
  if (!below || closedAt === size) return null;
  return (
    <div
      className="screen-warning"
      style={{
        position: 'fixed',
        insetInline: 0,
        bottom: 16,
        display: 'flex',
        justifyContent: 'center',
        zIndex: 1010,
        pointerEvents: 'none',
      }}
    >
      <Alert
        type="warning"
        showIcon
        role="alert"
        closable={{ 'aria-label': t('screen.close') }}
        onClose={() => setClosedAt(size)}
        style={{ pointerEvents: 'auto', maxWidth: 'calc(100% - 32px)' }}
        title={t('screen.tooSmall', {
          width,
          height,
          minWidth: LAYOUT.minScreenWidth,
          minHeight: LAYOUT.minScreenHeight,
        })}
      />
    </div>
  );
}
