import { useEffect } from 'react';
import { LAYOUT } from '@patrol/contracts';
import { i18n } from '@/shared/i18n';
import { feedback } from '@/shared/ui';

/** The layout scale: the width against the reference width 1600, never above 1. */
export function layoutScale(width: number): number {
  return Math.min(LAYOUT.maxScale, width / LAYOUT.scaleReferenceWidth);
}

export function isBelowMinimum(width: number, height: number): boolean {
  return width < LAYOUT.minScreenWidth || height < LAYOUT.minScreenHeight;
}

/**
 * Minimum resolution 1366x768 (spec section 2): an error with the current resolution, once on
 * load and again each time a resize crosses below the limit. Also publishes `--layout-scale` for
 * the few spacings that shrink on narrow screens.
 */
export function useScreenGuard(): void {
  useEffect(() => {
    let below = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const width = window.innerWidth;
      const height = window.innerHeight;
      document.documentElement.style.setProperty('--layout-scale', String(layoutScale(width)));
      const now = isBelowMinimum(width, height);
      if (now && !below) {
        feedback().message.error({
          key: 'screen-too-small',
          duration: 6,
          content: i18n.t('screen.tooSmall', {
            ns: 'common',
            width,
            height,
            minWidth: LAYOUT.minScreenWidth,
            minHeight: LAYOUT.minScreenHeight,
          }),
        });
      }
      below = now;
    };
    const handleResize = () => {
      clearTimeout(timer);
      timer = setTimeout(check, 200);
    };
    check();
    window.addEventListener('resize', handleResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', handleResize);
    };
  }, []);
}
