import { createContext } from 'react';

/**
 * How far below the top of the window a list's header row sticks: the height of what the layout
 * keeps fixed above the page (its header and tag bar); 0 where nothing is.
 */
export const StickyTopContext = createContext(0);
