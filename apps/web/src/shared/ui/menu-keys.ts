import type { KeyboardEvent } from 'react';

/**
 * The keys of a drop-down menu that gives the focus back to the element that opened it (a menu
 * button, a tag), for its `onKeyDown`: Escape closes it there (`onEscape`). Enter on an item is also
 * kept from going further: the choice moves the focus back to that button, and the rest of the key
 * press would press the button again and reopen the menu.
 */
export function handleMenuKeys(event: KeyboardEvent<HTMLElement>, onEscape: () => void): void {
  if (event.key === 'Escape') onEscape();
  if (event.key === 'Enter') event.preventDefault();
}
