import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useRobotOptions } from '@/shared/fleet';
import { parseRobotIds } from '../components/robot-picker';

/**
 * The robots a window shows: those named in its address (`?robots=`), else the first `max` of the
 * fleet by name. The choice is written back to the address.
 */
export function usePickedRobots(max: number) {
  const [params, setParams] = useSearchParams();
  const options = useRobotOptions();
  const named = params.get('robots');
  const picked = useMemo(() => {
    const parsed = parseRobotIds(named, max);
    const known = new Set((options.data ?? []).map((r) => r.robotId));
    if (parsed) return options.data ? parsed.filter((id) => known.has(id)) : parsed;
    return (options.data ?? []).slice(0, max).map((r) => r.robotId);
  }, [named, max, options.data]);
  const setPicked = useCallback(
    (robotIds: number[]) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('robots', robotIds.join(','));
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { picked, setPicked, names: options.data ?? [], loading: options.isLoading };
}
