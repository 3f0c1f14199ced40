import { useEffect, useRef } from 'react';
import { Button, Dropdown, Tag, Tooltip } from 'antd';
import type { MenuProps } from 'antd';
import { CloseCircleOutlined, DownOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LAYOUT } from '@patrol/contracts';
import { isClosable } from './tag-store';
import type { TagNav } from './tag-store';

type Props = {
  tags: TagNav[];
  activePath: string;
  titleOf: (name: string) => string;
  onSelect: (tag: TagNav) => void;
  onClose: (tag: TagNav) => void;
  onCloseOthers: (tag: TagNav) => void;
  onCloseAll: () => void;
};

/**
 * The open pages (data-testid `tag-bar`; each tag `tag-<route name>`): home first and not closable,
 * click to switch, close one, close others or all from the button or a tag's right-click menu,
 * scroll by 240 px.
 */
export function TagBar({ tags, activePath, titleOf, onSelect, onClose, onCloseOthers, onCloseAll }: Props) {
  const { t } = useTranslation('layout');
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const active = scroller.current?.querySelector<HTMLElement>('[data-active="true"]');
    active?.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'smooth' });
  }, [activePath, tags.length]);

  const handleScroll = (direction: -1 | 1) => {
    scroller.current?.scrollBy({ left: direction * LAYOUT.tagScrollStep, behavior: 'smooth' });
  };

  const contextItems = (tag: TagNav): MenuProps['items'] => [
    { key: 'close', label: t('tags.close'), disabled: !isClosable(tag) },
    { key: 'closeOthers', label: t('tags.closeOthers') },
    { key: 'closeAll', label: t('tags.closeAll') },
  ];

  const handleContext = (tag: TagNav, key: string) => {
    if (key === 'close') onClose(tag);
    if (key === 'closeOthers') onCloseOthers(tag);
    if (key === 'closeAll') onCloseAll();
  };

  const active = tags.find((tag) => tag.path === activePath);
  const barItems: MenuProps['items'] = [
    { key: 'closeOthers', label: t('tags.closeOthers'), disabled: !active },
    { key: 'closeAll', label: t('tags.closeAll') },
  ];
  const handleBarMenu: MenuProps['onClick'] = ({ key }) => {
    if (key === 'closeAll') onCloseAll();
    if (key === 'closeOthers' && active) onCloseOthers(active);
  };

  return (
    <nav className="tag-bar" data-testid="tag-bar" aria-label={t('landmarks.tags')}>
      <Button
        type="text"
        size="small"
        icon={<LeftOutlined />}
        aria-label={t('tags.scrollLeft')}
        onClick={() => handleScroll(-1)}
        className="tag-bar__arrow"
      />
      <div className="tag-bar__scroll" ref={scroller}>
        {tags.map((tag) => {
          const isActive = tag.path === activePath;
          return (
            <Dropdown
              key={tag.path}
              trigger={['contextMenu']}
              menu={{ items: contextItems(tag), onClick: ({ key }) => handleContext(tag, key) }}
            >
              <Tag
                className={`tag-bar__tag${isActive ? ' tag-bar__tag--active' : ''}`}
                data-testid={`tag-${tag.name}`}
                data-active={isActive}
                closable={isClosable(tag)}
                closeIcon={isClosable(tag) ? <span aria-label={t('tags.close')}>×</span> : undefined}
                onClose={(event) => {
                  event.preventDefault();
                  onClose(tag);
                }}
                onClick={() => onSelect(tag)}
              >
                {isActive && <span className="tag-bar__dot" />}
                {titleOf(tag.name)}
              </Tag>
            </Dropdown>
          );
        })}
      </div>
      <Button
        type="text"
        size="small"
        icon={<RightOutlined />}
        aria-label={t('tags.scrollRight')}
        onClick={() => handleScroll(1)}
        className="tag-bar__arrow"
      />
      <Dropdown menu={{ items: barItems, onClick: handleBarMenu }} trigger={['click']} placement="bottomRight">
        <Tooltip title={t('tags.more')} placement="left">
          <Button
            size="small"
            icon={<CloseCircleOutlined />}
            aria-label={t('tags.more')}
            data-testid="tag-bar-actions"
            className="tag-bar__more"
          >
            <DownOutlined style={{ fontSize: 10 }} />
          </Button>
        </Tooltip>
      </Dropdown>
    </nav>
  );
}
