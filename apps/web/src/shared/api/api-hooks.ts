/**
 * What the api client does when a call fails, set by the app at start (it owns the router and
 * antd's message instances). Tests replace them with spies.
 */
export type ApiHooks = {
  /** Envelope A errors, network failure and time-out. */
  showError: (text: string) => void;
  /** Envelope B state 0: an error notice with the server's `msg`. */
  showStateError: (text: string) => void;
  /**
   * The session ended on a 401 (the browser session is already cleared): close sockets, go to
   * `path`, drop cached server state.
   */
  endSession: (path: string) => void;
};

const hooks: ApiHooks = {
  showError: (text) => console.error(text),
  showStateError: (text) => console.error(text),
  endSession: (path) => {
    window.location.hash = `#${path}`;
  },
};

export function configureApi(next: Partial<ApiHooks>): void {
  Object.assign(hooks, next);
}

export function apiHooks(): ApiHooks {
  return hooks;
}
