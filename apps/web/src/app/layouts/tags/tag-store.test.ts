import { describe, expect, it } from 'vitest';
import {
  HOME_TAG,
  closeAll,
  closeOthers,
  closeTag,
  isClosable,
  neighbourAfterClose,
  normalizeTags,
  openTag,
  removedTags,
} from './tag-store';
import type { TagNav } from './tag-store';

const fence: TagNav = { name: 'electronicfence', path: '/enclosure/electronicfence', search: '' };
const jobs: TagNav = { name: 'path', path: '/task/path', search: '' };
const users: TagNav = { name: 'organuserctrl', path: '/sys/organuserctrl', search: '' };

describe('tag store', () => {
  it('always starts with the home tag, which cannot be closed', () => {
    expect(normalizeTags(null)).toEqual([HOME_TAG]);
    expect(normalizeTags([jobs, HOME_TAG, fence])).toEqual([HOME_TAG, jobs, fence]);
    expect(isClosable(HOME_TAG)).toBe(false);
    expect(isClosable(jobs)).toBe(true);
  });

  it('drops duplicates and malformed entries from storage', () => {
    expect(normalizeTags([jobs, jobs, { name: 1 }, 'x', HOME_TAG, HOME_TAG])).toEqual([HOME_TAG, jobs]);
  });

  it('opens a tag once, at the end, and keeps the list identity when nothing changes', () => {
    const one = openTag([HOME_TAG], jobs);
    expect(one).toEqual([HOME_TAG, jobs]);
    expect(openTag(one, jobs)).toBe(one);
    const withQuery = openTag(one, { ...jobs, search: '?page=2' });
    expect(withQuery).toEqual([HOME_TAG, { ...jobs, search: '?page=2' }]);
  });

  it('closes one tag but never home', () => {
    const list = [HOME_TAG, fence, jobs];
    expect(closeTag(list, fence.path)).toEqual([HOME_TAG, jobs]);
    expect(closeTag(list, HOME_TAG.path)).toEqual(list);
  });

  it('closes the others: home and the chosen tag stay', () => {
    expect(closeOthers([HOME_TAG, fence, jobs, users], jobs.path)).toEqual([HOME_TAG, jobs]);
    expect(closeOthers([HOME_TAG, fence, jobs], HOME_TAG.path)).toEqual([HOME_TAG]);
  });

  it('closes all: home stays', () => {
    expect(closeAll([HOME_TAG, fence, jobs, users])).toEqual([HOME_TAG]);
  });

  it('reports which tags an action removed', () => {
    const before = [HOME_TAG, fence, jobs, users];
    expect(removedTags(before, closeOthers(before, jobs.path))).toEqual([fence, users]);
  });

  it('moves to the left neighbour when the active tag closes, else the right one', () => {
    const list = [HOME_TAG, fence, jobs];
    expect(neighbourAfterClose(list, jobs.path)).toBe(fence);
    expect(neighbourAfterClose(list, fence.path)).toBe(HOME_TAG);
    expect(neighbourAfterClose([HOME_TAG], HOME_TAG.path)).toBe(HOME_TAG);
  });
});
