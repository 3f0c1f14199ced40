import { useMatches } from 'react-router';

/** Route metadata: the guard's route name and whether the page is kept alive when its tag is left. */
export type RouteHandle = {
  name: string;
  /** false: the page is not kept alive when its tag is left. */
  cache?: boolean;
};

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as RouteHandle).name === 'string';
}

/** The handle of the deepest matched route. */
export function useCurrentHandle(): RouteHandle | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]!.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return null;
}
