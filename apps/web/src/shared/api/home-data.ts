import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { usersApi, type HomeData, type Language } from '@patrol/contracts';
import { currentLanguage, useLanguage } from '../i18n';
import { storeMenuList } from '../session';
import { call } from './call';
import type { RequestOptions } from './client';

/** Menu titles come in the request's language, so the language is part of the key. */
export const homeDataKey = (language: Language) => ['home-data', language] as const;

/** GET home data and write the guard's menu list from it. */
export async function fetchHomeData(options: RequestOptions = {}): Promise<HomeData> {
  const data = await call(usersApi.getHomeData, {}, options);
  storeMenuList(data.menu);
  return data;
}

/**
 * The signed-in user's menu and identity. A language change makes a new key, so the menu is
 * fetched again in the new language while the previous one stays on screen.
 */
export function useHomeData() {
  const language = useLanguage();
  return useQuery({
    queryKey: homeDataKey(language),
    queryFn: ({ signal }) => fetchHomeData({ signal }),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}

export function homeDataKeyNow() {
  return homeDataKey(currentLanguage());
}
