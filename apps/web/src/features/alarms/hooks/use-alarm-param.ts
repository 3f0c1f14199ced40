import { useSearchParams } from 'react-router';

/**
 * The alarm whose details are open, kept in the address (`?alarmId=N`): a popup's "details" opens
 * the page on it, and the open details survive a reload or a shared link.
 */
export function useAlarmParam(): [number | null, (alarmId: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const value = Number(params.get('alarmId'));
  const alarmId = Number.isInteger(value) && value > 0 ? value : null;
  const setAlarmId = (next: number | null) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === null) copy.delete('alarmId');
        else copy.set('alarmId', String(next));
        return copy;
      },
      { replace: true },
    );
  return [alarmId, setAlarmId];
}
