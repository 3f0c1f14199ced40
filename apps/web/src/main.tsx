import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import 'nprogress/nprogress.css';
import './app/styles.css';
import { installErrorCapture } from './features/errors/store/error-store';
import { i18nReady, initDocumentLanguage } from './shared/i18n';
import { AppProviders } from './app/providers';
import { setUpApi } from './app/configure-api';
import { createAppRouter } from './app/router';

installErrorCapture();
// The first render waits for the stored language's texts, so no text shows untranslated.
void i18nReady.then(() => {
  initDocumentLanguage();
  const router = createAppRouter();
  setUpApi(router);

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
