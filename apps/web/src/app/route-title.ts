import { useTranslation } from 'react-i18next';
import { useMenuIndex } from '@/shared/menu';

/**
 * The title of a route: the server's menu title (already in the current language), else the
 * console's own title for the few routes outside the menu, else the route name.
 */
export function useRouteTitles(): (name: string) => string {
  const { t } = useTranslation('layout');
  const index = useMenuIndex();
  const own: Record<string, string> = {
    home: t('routes.home'),
    error_logger: t('routes.errorLogger'),
    lol: t('routes.liveVideo'),
    debug: t('routes.debug'),
  };
  return (name) => index.get(name)?.node.title ?? own[name] ?? name;
}
