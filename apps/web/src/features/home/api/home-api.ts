import { useQuery } from '@tanstack/react-query';
import { dashboardsApi } from '@patrol/contracts';
import { call } from '@/shared/api';
import { useActingTenant } from '@/shared/fleet';

export const mineKey = (tenantId: number) => ['home', 'mine', tenantId] as const;

/**
 * The home page's lists: the tenant's newest alarms still being disposed and the user's open work
 * orders. Read when the page opens and when the user comes back to it (no push for work orders).
 */
export function useDashboardMine() {
  const tenantId = useActingTenant();
  return useQuery({
    queryKey: mineKey(tenantId),
    queryFn: ({ signal }) => call(dashboardsApi.dashboardMine, {}, { signal }),
    staleTime: 30_000,
  });
}
