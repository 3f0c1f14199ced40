// Route names the console's guard reads on every navigation: kept free of schemas, so the login page
// and the guard load none.

/**
 * Route names every signed-in user may open whatever the menu holds (spec section 2), plus the
 * live-video window and the error logger, which show nothing the server does not check again.
 */
export const ALWAYS_ALLOWED_ROUTES = [
  'home',
  'login',
  'external-login',
  'error_401',
  'error_404',
  'error_500',
  'debug',
  'lol',
  'error_logger',
] as const;

/**
 * Hidden routes opened on their own, without the shell (live video, debug): no menu lists them, so
 * the console's route table and its accessibility suite both read them here. The path is `/<name>`.
 */
export const STANDALONE_ROUTES = ['lol', 'debug'] as const;

/** Every route name in a menu tree, depth first. */
export function menuNames(tree: { name: string; children?: { name: string; children?: unknown[] }[] }[]): string[] {
  const out: string[] = [];
  const walk = (nodes: { name: string; children?: unknown[] }[]) => {
    for (const n of nodes) {
      out.push(n.name);
      if (n.children) walk(n.children as { name: string; children?: unknown[] }[]);
    }
  };
  walk(tree);
  return out;
}
