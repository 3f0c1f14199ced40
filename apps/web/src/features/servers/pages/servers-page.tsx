/** The server page. */
export function ServersPage() {
  return null;
}
