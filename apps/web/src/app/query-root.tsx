import type { ComponentType } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/shared/api/query-client';

/**
 * A layout with the console's query cache around it. The layouts that read server state take it
 * with their chunk, so the login page loads no query client.
 */
export function withQueries<P extends object>(Layout: ComponentType<P>): ComponentType<P> {
  function WithQueries(props: P) {
    return (
      <QueryClientProvider client={queryClient}>
        <Layout {...props} />
      </QueryClientProvider>
    );
  }
  return WithQueries;
}
