/** The expose page. */
export function ExposePage() {
  return null;
}
