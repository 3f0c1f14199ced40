import type { ComponentType } from 'react';
import { App as AntdApp } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/shared/api/query-client';
import { FeedbackBridge } from '@/shared/ui/feedback-bridge';

/**
 * A layout with what the shell needs around it: the console's query cache and antd's <App> (message,
 * notification and modal that follow the theme and the locale). The layouts take them with their
 * chunk, so the login page loads neither.
 */
export function withShellProviders<P extends object>(Layout: ComponentType<P>): ComponentType<P> {
  function WithShellProviders(props: P) {
    return (
      <QueryClientProvider client={queryClient}>
        <AntdApp>
          <FeedbackBridge />
          <Layout {...props} />
        </AntdApp>
      </QueryClientProvider>
    );
  }
  return WithShellProviders;
}
