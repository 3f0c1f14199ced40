import { useMemo } from 'react';
import { theme } from 'antd';
import type { TrackColours } from '@/shared/map/track-layer';

/** The track's colours from the theme's tokens: the line, the travelled part, its ends and the robot. */
export function useTrackColours(): TrackColours {
  const { token } = theme.useToken();
  return useMemo(
    () => ({
      line: token.colorPrimary,
      travelled: token.colorWarning,
      start: token.colorSuccess,
      end: token.colorError,
      robot: token.colorWarningActive,
    }),
    [token],
  );
}
