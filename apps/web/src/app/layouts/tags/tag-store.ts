import { HOME_ROUTE_NAME } from '@patrol/contracts';

/** An open page in the tag bar; `path` (the route path) identifies it. */
export type TagNav = { name: string; path: string; search: string };

export const HOME_TAG: TagNav = { name: HOME_ROUTE_NAME, path: '/home', search: '' };

export function isClosable(tag: TagNav): boolean {
  return tag.name !== HOME_ROUTE_NAME;
}

function isTag(value: unknown): value is TagNav {
  const tag = value as TagNav;
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof tag.name === 'string' &&
    typeof tag.path === 'string' &&
    typeof tag.search === 'string'
  );
}

/** Home first, exactly once; no duplicates; anything malformed (old storage) dropped. */
export function normalizeTags(list: unknown): TagNav[] {
  const tags = Array.isArray(list) ? list.filter(isTag) : [];
  const seen = new Set<string>([HOME_TAG.path]);
  const rest: TagNav[] = [];
  for (const tag of tags) {
    if (tag.name === HOME_ROUTE_NAME || seen.has(tag.path)) continue;
    seen.add(tag.path);
    rest.push(tag);
  }
  const home = tags.find((tag) => tag.name === HOME_ROUTE_NAME);
  return [home ? { ...HOME_TAG, search: home.search } : HOME_TAG, ...rest];
}

/** Adds a tag at the end, or updates the query of the open one. Unchanged lists keep their identity. */
export function openTag(list: TagNav[], tag: TagNav): TagNav[] {
  const index = list.findIndex((item) => item.path === tag.path);
  if (index === -1) return [...list, tag];
  if (list[index]!.search === tag.search) return list;
  return list.map((item, i) => (i === index ? { ...item, search: tag.search } : item));
}

/** Closes one tag; the home tag cannot be closed. */
export function closeTag(list: TagNav[], path: string): TagNav[] {
  return list.filter((tag) => tag.path !== path || !isClosable(tag));
}

/** Keeps home and the tag at `path`. */
export function closeOthers(list: TagNav[], path: string): TagNav[] {
  return list.filter((tag) => tag.path === path || !isClosable(tag));
}

/** Keeps home only. */
export function closeAll(list: TagNav[]): TagNav[] {
  return list.filter((tag) => !isClosable(tag));
}

/** The tags a close action removes (to evict their cached pages and confirm first). */
export function removedTags(before: TagNav[], after: TagNav[]): TagNav[] {
  const kept = new Set(after.map((tag) => tag.path));
  return before.filter((tag) => !kept.has(tag.path));
}

/** Where to go when the active tag at `path` closes: its left neighbour, else the right one, else home. */
export function neighbourAfterClose(list: TagNav[], path: string): TagNav {
  const index = list.findIndex((tag) => tag.path === path);
  return list[index - 1] ?? list[index + 1] ?? HOME_TAG;
}

export function tagHref(tag: TagNav): string {
  return `${tag.path}${tag.search}`;
}
