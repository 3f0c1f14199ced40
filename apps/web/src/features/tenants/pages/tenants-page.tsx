/** The tenant page. */
export function TenantsPage() {
  return null;
}
