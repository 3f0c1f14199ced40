import type { ReactNode } from 'react';
import { Breadcrumb } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOME_ROUTE_NAME } from '@patrol/contracts';
import { useMenuIndex } from '@/shared/menu';
import { useCurrentHandle } from '../../route-handle';
import { useRouteTitles } from '../../route-title';

/** Home, then the current page's place in the menu tree. */
export function BreadcrumbNav() {
  const { t } = useTranslation('layout');
  const handle = useCurrentHandle();
  const index = useMenuIndex();
  const titleOf = useRouteTitles();
  const home = index.get(HOME_ROUTE_NAME);
  const items: { key: string; title: ReactNode }[] = [
    {
      key: 'home',
      title: (
        <Link to="/home">
          <HomeOutlined /> {home?.node.title ?? titleOf(HOME_ROUTE_NAME)}
        </Link>
      ),
    },
  ];
  if (handle && handle.name !== HOME_ROUTE_NAME) {
    const entry = index.get(handle.name);
    for (const parent of entry?.parents ?? []) items.push({ key: parent.name, title: parent.title });
    items.push({ key: handle.name, title: titleOf(handle.name) });
  }
  return <Breadcrumb aria-label={t('breadcrumb')} items={items} />;
}
