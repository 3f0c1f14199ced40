/** The rolectrl page. */
export function RolesPage() {
  return null;
}
