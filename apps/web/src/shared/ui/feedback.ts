import { useEffect } from 'react';
import { App, Modal, message, notification } from 'antd';

type AppFeedback = ReturnType<typeof App.useApp>;
type Feedback = {
  message: AppFeedback['message'];
  notification: AppFeedback['notification'];
  modal: Pick<typeof Modal, 'confirm' | 'info' | 'success' | 'error' | 'warning'>;
};

const staticFeedback: Feedback = { message, notification, modal: Modal };
let current: Feedback = staticFeedback;

/**
 * antd's message, notification and modal for code outside React (the api client, the 401 path).
 * Inside <App> they follow the theme and the locale; before it mounts the static ones serve.
 */
export function feedback(): Feedback {
  return current;
}

/** Mounted once inside antd's <App>; hands its instances to `feedback()`. */
export function FeedbackBridge(): null {
  const app = App.useApp();
  useEffect(() => {
    current = app;
    return () => {
      current = staticFeedback;
    };
  }, [app]);
  return null;
}
