import { configureApi, queryClient } from '@/shared/api';
import { closeAllSockets } from '@/shared/realtime';
import { feedback } from '@/shared/ui';
import type { AppRouter } from './router';

/** Wires the api client to antd's feedback and to the router (the 401 path). */
export function setUpApi(router: AppRouter): void {
  configureApi({
    // Keyed by text: the same failure of several parallel calls shows once.
    showError: (text) => void feedback().message.error({ content: text, key: text }),
    showStateError: (text) => feedback().notification.error({ key: text, title: text }),
    endSession: (path) => {
      closeAllSockets();
      void router.navigate(path, { replace: true }).then(() => queryClient.clear());
    },
  });
}
