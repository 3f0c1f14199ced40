import './shared/zod-config';
import { createRoot } from 'react-dom/client';
import './app/styles.css';
import { signInFirst } from './app/guard/decide-route';
import { installErrorCapture } from './shared/errors';
import { i18nReady, initDocumentLanguage } from './shared/i18n';
import { hasLoginCookie } from './shared/session';

installErrorCapture();
const root = createRoot(document.getElementById('root')!);
const loadConsole = () => import('./app/console');
const openConsole = () => void loadConsole().then((m) => m.renderConsole(root));
// Nobody signed in: the login page opens on its own, and the console's routes load after signing
// in. The first render waits for the stored language's texts, so no text shows untranslated.
const start = signInFirst(window.location.hash, hasLoginCookie());
const first = start
  ? import('./app/sign-in-first').then((m) => () => m.renderSignIn(root, start, openConsole))
  : loadConsole().then((m) => () => m.renderConsole(root));
void Promise.all([i18nReady, first]).then(([, render]) => {
  initDocumentLanguage();
  render();
});
