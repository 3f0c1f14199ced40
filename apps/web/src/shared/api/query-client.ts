import { QueryClient } from '@tanstack/react-query';

/**
 * Server state of the console. No automatic retries: the api client already showed the failure
 * once, and a retry would show it again.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
