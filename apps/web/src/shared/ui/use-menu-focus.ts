import { useEffect, useId } from 'react';

/** How many frames to wait for an opened menu to be drawn. */
const MAX_FRAMES = 30;

/**
 * Puts the keyboard's focus in a drop-down menu as it opens: on its selected item, else on its first
 * item that can be chosen, so the arrows move through it at once. antd's `autoFocus` alone is not
 * enough: it gives up when the menu is not drawn three frames after opening, and it goes back to the
 * item that was active at the previous opening. Returns the id to give the menu (`menu={{ id }}`);
 * `key` names what the menu is for when one menu serves several triggers (a tag's menu).
 */
export function useMenuFocus(open: boolean, key = ''): string {
  const id = useId();
  useEffect(() => {
    if (!open) return;
    let frame = 0;
    let tries = 0;
    const attempt = () => {
      const menu = document.getElementById(id);
      const items = menu
        ? Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])'))
        : [];
      const target = items.find((item) => item.classList.contains('ant-dropdown-menu-item-selected')) ?? items[0];
      // Not scrolled to: a popup not yet in place would move the page under the pointer.
      if (target) target.focus({ preventScroll: true });
      else if (++tries < MAX_FRAMES) frame = requestAnimationFrame(attempt);
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [open, key, id]);
  return id;
}
