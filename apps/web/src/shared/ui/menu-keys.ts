import type { KeyboardEvent } from 'react';

/**
 * Frames after which antd's Dropdown (`autoFocus`) has focused its menu for sure: it does so three
 * frames after opening, and does not cancel that when the menu closes sooner.
 */
const DROPDOWN_FOCUS_FRAMES = 4;

/**
 * The keys of a drop-down menu that gives the focus back to the element that opened it (a menu
 * button, a tag), for its `onKeyDown`: Escape closes it there (`onEscape`). Enter on an item is also
 * kept from going further: the choice moves the focus back to that button, and the rest of the key
 * press would press the button again and reopen the menu.
 *
 * An Escape pressed within the Dropdown's first frames would see the focus taken back into the
 * closing menu by its delayed focus: once those frames have passed, a focus found in the menu goes
 * back to where Escape put it.
 */
export function handleMenuKeys(event: KeyboardEvent<HTMLElement>, onEscape: () => void): void {
  if (event.key === 'Enter') event.preventDefault();
  if (event.key !== 'Escape') return;
  const menu = event.currentTarget;
  onEscape();
  const back = document.activeElement;
  let frames = DROPDOWN_FOCUS_FRAMES;
  const check = () => {
    if (--frames > 0) {
      requestAnimationFrame(check);
      return;
    }
    if (back instanceof HTMLElement && !menu.contains(back) && menu.contains(document.activeElement)) back.focus();
  };
  requestAnimationFrame(check);
}
