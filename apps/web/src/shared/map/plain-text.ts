/**
 * Text for Leaflet (tooltips, popups, controls) and any other renderer outside React: Leaflet
 * treats a string as HTML, so a name that holds markup would be drawn as markup. An element whose
 * text is set is shown as the text itself.
 */
export function plainText(text: string): HTMLElement {
  const element = document.createElement('span');
  element.textContent = text;
  return element;
}
