/** The config page. */
export function ConfigsPage() {
  return null;
}
