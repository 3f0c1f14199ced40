import type { App, Modal } from 'antd';

type AppFeedback = ReturnType<typeof App.useApp>;
type Feedback = {
  message: AppFeedback['message'];
  notification: AppFeedback['notification'];
  modal: Pick<typeof Modal, 'confirm' | 'info' | 'success' | 'error' | 'warning'>;
};

/**
 * antd's static API of one kind, fetched on its first call: the pages without antd's <App> (login,
 * external login, error pages) load message, notification and modal only when they show one. The
 * calls answer nothing (no close handle); inside <App> the full API serves.
 */
function onFirstCall<T extends object>(load: () => Promise<T>): T {
  return new Proxy({} as T, {
    get:
      (_target, name) =>
      (...args: unknown[]) => {
        void load().then((api) => (api[name as keyof T] as (...params: unknown[]) => unknown)(...args));
      },
  });
}

const staticFeedback: Feedback = {
  message: onFirstCall(() => import('antd/es/message').then((m) => m.default)),
  notification: onFirstCall(() => import('antd/es/notification').then((m) => m.default)),
  modal: onFirstCall(() => import('antd/es/modal').then((m) => m.default)),
};
let current: Feedback = staticFeedback;

/**
 * antd's message, notification and modal for code outside React (the api client, the 401 path).
 * Inside <App> (the shell's layouts) they follow the theme and the locale; elsewhere the static
 * ones serve.
 */
export function feedback(): Feedback {
  return current;
}

/** Hands the instances of antd's <App> to `feedback()` while it is mounted (see FeedbackBridge). */
export function provideFeedback(app: Feedback): () => void {
  current = app;
  return () => {
    if (current === app) current = staticFeedback;
  };
}
