import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { CONSOLE_THEME } from '@/shared/ui/theme';

/**
 * The map's own controls and legend in the console's light look, also on the dark wall screen:
 * they sit on the map's light tiles, where the wall's light texts would not read.
 */
export function LightMap({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={{ ...CONSOLE_THEME, inherit: false }}>{children}</ConfigProvider>;
}
