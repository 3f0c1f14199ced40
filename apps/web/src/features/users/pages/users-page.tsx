/** The organuserctrl page. */
export function UsersPage() {
  return null;
}
