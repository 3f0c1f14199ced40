import { useEffect, useState } from 'react';
import { STORAGE_KEYS, readJson, writeJson } from '@/shared/storage';
import { normalizeTags, openTag, tagHref } from './tag-store';
import type { TagNav } from './tag-store';

/**
 * The open tags, kept in localStorage `tagNaveList`. The current page gets its tag when the
 * location changes (not on every render, so a tag being closed is not opened again meanwhile).
 */
export function useTagNav(current: TagNav | null) {
  const [tags, setTags] = useState<TagNav[]>(() => normalizeTags(readJson(STORAGE_KEYS.tagNavList)));
  const [seen, setSeen] = useState<string | null>(null);
  const currentHref = current ? tagHref(current) : null;
  if (current && currentHref !== seen) {
    setSeen(currentHref);
    setTags(openTag(tags, current));
  }
  useEffect(() => {
    writeJson(STORAGE_KEYS.tagNavList, tags);
  }, [tags]);
  return { tags, setTags };
}
