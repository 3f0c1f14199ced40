import { useSearchParams } from 'react-router';

/**
 * The order whose details are open, kept in the address (`?workOrderId=N`): the details survive a
 * reload, and a link (a notice of an assigned order) opens them.
 */
export function useWorkOrderParam(): [number | null, (workOrderId: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const value = Number(params.get('workOrderId'));
  const workOrderId = Number.isInteger(value) && value > 0 ? value : null;
  const setWorkOrderId = (next: number | null) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === null) copy.delete('workOrderId');
        else copy.set('workOrderId', String(next));
        return copy;
      },
      { replace: true },
    );
  return [workOrderId, setWorkOrderId];
}
