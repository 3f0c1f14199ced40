/** The menulistctrl page. */
export function MenusPage() {
  return null;
}
