/** The resources page. */
export function ResourcesPage() {
  return null;
}
