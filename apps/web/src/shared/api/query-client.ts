import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { reportError } from './report';

/**
 * A query client as the console configures it: every failed query and mutation is reported once,
 * here (pages and the list kit never show a call's failure themselves); a failed list keeps its
 * error so the table can offer a retry. No automatic retries: a retry would only delay the
 * message. Tests make their own with this, so they see what the console does.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: reportError }),
    mutationCache: new MutationCache({ onError: reportError }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** Server state of the console. */
export const queryClient = createQueryClient();
