import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import 'nprogress/nprogress.css';
import { AppProviders } from './providers';
import { setUpApi } from './configure-api';
import { createAppRouter } from './router';

/** The console with its routes, its guard and its layouts, rendered into `root`. */
export function renderConsole(root: Root): void {
  const router = createAppRouter();
  setUpApi((path) => router.navigate(path, { replace: true }));
  root.render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
