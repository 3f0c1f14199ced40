import { useEffect, useState } from 'react';
import { LAYOUT } from '@patrol/contracts';

/** The layout scale: the width against the reference width 1600, never above 1. */
export function layoutScale(width: number): number {
  return Math.min(LAYOUT.maxScale, width / LAYOUT.scaleReferenceWidth);
}

export function isBelowMinimum(width: number, height: number): boolean {
  return width < LAYOUT.minScreenWidth || height < LAYOUT.minScreenHeight;
}

export type ScreenSize = { width: number; height: number; below: boolean };

function measure(): ScreenSize {
  const width = window.innerWidth;
  const height = window.innerHeight;
  return { width, height, below: isBelowMinimum(width, height) };
}

/**
 * Minimum resolution 1366x768 (spec section 2): the current size and whether it is below the
 * minimum, followed through resizes (so the warning goes once the window is large enough). Also
 * publishes `--layout-scale` for the few spacings that shrink on narrow screens.
 */
export function useScreenGuard(): ScreenSize {
  const [size, setSize] = useState(measure);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const next = measure();
      document.documentElement.style.setProperty('--layout-scale', String(layoutScale(next.width)));
      setSize((current) =>
        current.width === next.width && current.height === next.height && current.below === next.below ? current : next,
      );
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
  return size;
}
