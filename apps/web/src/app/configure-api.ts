// The api's parts imported one by one: the api barrel also holds the typed calls and their schemas.
import { configureApi } from '@/shared/api/api-hooks';
import { closeAllSockets } from '@/shared/realtime/live-sockets';
import { feedback } from '@/shared/ui/feedback';

/** Wires the api client to antd's feedback and to the way the console opens a path (the 401 path). */
export function setUpApi(go: (path: string) => unknown): void {
  configureApi({
    // Keyed by text: the same failure of several parallel calls shows once.
    showError: (text) => void feedback().message.error({ content: text, key: text }),
    showStateError: (text) => feedback().notification.error({ key: text, title: text }),
    endSession: (path) => {
      closeAllSockets();
      void Promise.resolve(go(path))
        .then(() => import('@/shared/api/query-client'))
        .then(({ queryClient }) => queryClient.clear());
    },
  });
}
