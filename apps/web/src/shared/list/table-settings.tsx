import { createContext, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Button, Checkbox, Dropdown, Flex, Popover, Tooltip } from 'antd';
import {
  ColumnHeightOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  ReloadOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { getUserInfo } from '../session';
import { readJson, removeItem, writeJson } from '../storage';

export type Density = 'large' | 'medium' | 'small';

/** Where a list page puts its table's settings (beside its buttons), and what full screen shows. */
export const ListFrameContext = createContext<{ slot: HTMLElement | null; frame: HTMLElement | null } | null>(null);

/** The browser key of a list's column choice: per person, since one browser may serve several. */
export function columnsStorageKey(listId: string): string {
  return `listColumns:${getUserInfo()?.userId ?? 0}:${listId}`;
}

/** The hidden columns of a list, remembered in this browser for the signed-in user. */
export function useHiddenColumns(listId: string | undefined) {
  const [hidden, setHidden] = useState<string[]>(() =>
    listId ? (readJson<string[]>(columnsStorageKey(listId)) ?? []) : [],
  );
  const save = (next: string[]) => {
    setHidden(next);
    if (!listId) return;
    if (next.length === 0) removeItem(columnsStorageKey(listId));
    else writeJson(columnsStorageKey(listId), next);
  };
  return { hidden, save };
}

function subscribeFullscreen(listener: () => void) {
  document.addEventListener('fullscreenchange', listener);
  return () => document.removeEventListener('fullscreenchange', listener);
}

/** True while `element` is shown full screen. */
export function useIsFullscreen(element: HTMLElement | null): boolean {
  return useSyncExternalStore(subscribeFullscreen, () => element !== null && document.fullscreenElement === element);
}

type Props = {
  columns: { key: string; title: ReactNode }[];
  hidden: string[];
  onHiddenChange: (hidden: string[]) => void;
  density: Density;
  onDensityChange: (density: Density) => void;
  onRefresh?: () => void;
  refreshing?: boolean;
  /** Shown full screen by the full screen button; none, no button. */
  frame: HTMLElement | null;
};

/** The icons above a list, as in Ant Design Pro: refresh, density, columns, full screen. */
export function TableSettings(props: Props) {
  const { t } = useTranslation('common');
  const fullscreen = useIsFullscreen(props.frame);
  const shown = props.columns.filter((c) => !props.hidden.includes(c.key));
  const toggle = (key: string, show: boolean) => {
    const next = show ? props.hidden.filter((k) => k !== key) : [...props.hidden, key];
    // One column always stays: an empty table tells nothing.
    if (next.length < props.columns.length) props.onHiddenChange(next);
  };
  const handleFullscreen = () => {
    const action = fullscreen ? document.exitFullscreen() : props.frame?.requestFullscreen();
    action?.catch((error: unknown) => console.warn('Full screen was refused.', error));
  };
  const columnsPanel = (
    <Flex vertical gap={6} className="table-settings__columns">
      {props.columns.map((c) => (
        <Checkbox
          key={c.key}
          checked={!props.hidden.includes(c.key)}
          disabled={shown.length === 1 && shown[0]!.key === c.key}
          onChange={(e) => toggle(c.key, e.target.checked)}
        >
          {c.title}
        </Checkbox>
      ))}
      <Button size="small" type="link" disabled={props.hidden.length === 0} onClick={() => props.onHiddenChange([])}>
        {t('list.columnsReset')}
      </Button>
    </Flex>
  );
  return (
    <Flex gap={4} align="center" className="table-settings">
      {props.onRefresh ? (
        <Tooltip title={t('list.refresh')}>
          <Button
            type="text"
            aria-label={t('list.refresh')}
            icon={<ReloadOutlined spin={props.refreshing} />}
            onClick={props.onRefresh}
          />
        </Tooltip>
      ) : null}
      <Dropdown
        trigger={['click']}
        menu={{
          selectable: true,
          selectedKeys: [props.density],
          onClick: ({ key }) => props.onDensityChange(key as Density),
          items: [
            { key: 'large', label: t('list.densityLarge') },
            { key: 'medium', label: t('list.densityMiddle') },
            { key: 'small', label: t('list.densitySmall') },
          ],
        }}
      >
        <Tooltip title={t('list.density')}>
          <Button type="text" aria-label={t('list.density')} icon={<ColumnHeightOutlined />} />
        </Tooltip>
      </Dropdown>
      <Popover trigger="click" placement="bottomRight" title={t('list.columns')} content={columnsPanel}>
        <Tooltip title={t('list.columns')}>
          <Button type="text" aria-label={t('list.columns')} icon={<SettingOutlined />} />
        </Tooltip>
      </Popover>
      {props.frame ? (
        <Tooltip title={fullscreen ? t('list.exitFullscreen') : t('list.fullscreen')}>
          <Button
            type="text"
            aria-label={fullscreen ? t('list.exitFullscreen') : t('list.fullscreen')}
            icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            onClick={handleFullscreen}
          />
        </Tooltip>
      ) : null}
    </Flex>
  );
}
