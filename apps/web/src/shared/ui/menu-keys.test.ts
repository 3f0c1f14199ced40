import type { KeyboardEvent } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handleMenuKeys } from './menu-keys';

/** A menu button and its open menu (a list with two items), in the document. */
function setUp() {
  document.body.innerHTML =
    '<button id="button">menu</button><ul id="menu"><li tabindex="-1" id="one">1</li><li tabindex="-1" id="two">2</li></ul><input id="elsewhere">';
  const get = (id: string) => document.getElementById(id)!;
  return { button: get('button'), menu: get('menu'), one: get('one'), two: get('two'), elsewhere: get('elsewhere') };
}

const press = (key: string, menu: HTMLElement) => {
  const event = { key, currentTarget: menu, preventDefault: vi.fn() };
  return event as unknown as KeyboardEvent<HTMLElement> & { preventDefault: ReturnType<typeof vi.fn> };
};

describe('the keys of a drop-down menu', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['requestAnimationFrame'] }));
  afterEach(() => vi.useRealTimers());

  it("gives the focus back on Escape, even when the drop-down's delayed focus takes it into the closing menu", () => {
    const { button, menu, one } = setUp();
    one.focus();
    handleMenuKeys(press('Escape', menu), () => button.focus());
    expect(document.activeElement).toBe(button);
    // antd's Dropdown focuses its menu three frames after it opened, even when it has closed since.
    one.focus();
    vi.advanceTimersByTime(100);
    expect(document.activeElement).toBe(button);
  });

  it('leaves a focus the user moved out of the menu where it is, and keeps Enter from pressing the button again', () => {
    const { button, menu, two, elsewhere } = setUp();
    two.focus();
    handleMenuKeys(press('Escape', menu), () => button.focus());
    elsewhere.focus();
    vi.advanceTimersByTime(100);
    expect(document.activeElement).toBe(elsewhere);

    const enter = press('Enter', menu);
    handleMenuKeys(enter, () => button.focus());
    expect(enter.preventDefault).toHaveBeenCalled();
    const other = press('ArrowDown', menu);
    handleMenuKeys(other, () => button.focus());
    expect(other.preventDefault).not.toHaveBeenCalled();
  });
});
