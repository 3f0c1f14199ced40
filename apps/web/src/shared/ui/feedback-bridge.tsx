import { useEffect } from 'react';
import { App } from 'antd';
import { provideFeedback } from './feedback';

/** Mounted once inside antd's <App>; hands its instances to `feedback()`. */
export function FeedbackBridge(): null {
  const app = App.useApp();
  useEffect(() => provideFeedback(app), [app]);
  return null;
}
