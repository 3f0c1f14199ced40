import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { Button, Dropdown, Tag, Tooltip } from 'antd';
import type { MenuProps } from 'antd';
import { CloseCircleOutlined, DownOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LAYOUT } from '@patrol/contracts';
import { handleMenuKeys, prefersReducedMotion, useMenuFocus } from '@/shared/ui';
import { isClosable, neighbourAfterClose } from './tag-store';
import type { TagNav } from './tag-store';

/** A close action: resolves once it is done (true) or refused at the confirmation (false), any dialog gone. */
type CloseAction = Promise<boolean>;

type Props = {
  tags: TagNav[];
  activePath: string;
  titleOf: (name: string) => string;
  onSelect: (tag: TagNav) => void;
  onClose: (tag: TagNav) => CloseAction;
  onCloseOthers: (tag: TagNav) => CloseAction;
  onCloseAll: () => CloseAction;
};

/** Where the keyboard's focus goes once a close action is over: a tag (by path) or the bar's actions button. */
type FocusTarget = { tag: string } | { actions: true };
/**
 * The open pages (data-testid `tag-bar`; each tag `tag-<route name>`): home first and not closable,
 * click to switch, close one, close others or all from the button or a tag's right-click menu,
 * scroll by 240 px.
 *
 * By keyboard it is a tab list (WAI-ARIA tabs, activated by hand): Tab reaches the active tag only;
 * the arrows (wrapping), Home and End move between tags; Enter or Space opens the focused tag's page;
 * Delete closes it; Shift+F10 or the context-menu key opens its menu. After any close the focus
 * lands on a tag (or back on the actions button), never on the page's body. The "×" is for the
 * mouse only and hidden from assistive technology: a control inside a tab is not allowed, and
 * Delete does the same from the tab, which says so in its description.
 */
export function TagBar({ tags, activePath, titleOf, onSelect, onClose, onCloseOthers, onCloseAll }: Props) {
  const { t } = useTranslation('layout');
  const scroller = useRef<HTMLDivElement>(null);
  const tabs = useRef(new Map<string, HTMLElement>());
  const actions = useRef<HTMLButtonElement>(null);
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const [barMenuOpen, setBarMenuOpen] = useState(false);
  const tagMenuId = useMenuFocus(menuFor !== null, menuFor ?? '');
  const barMenuId = useMenuFocus(barMenuOpen);
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  const hintId = useId();
  const homeHintId = useId();

  useEffect(() => {
    const active = scroller.current?.querySelector<HTMLElement>('[data-active="true"]');
    active?.scrollIntoView({
      block: 'nearest',
      inline: 'nearest',
      behavior: prefersReducedMotion() ? 'auto' : 'smooth',
    });
  }, [activePath, tags.length]);

  // Runs after the close has been rendered (each request is a new object): the tag to focus exists,
  // the closed ones are gone. A tag that is gone too gives way to the bar's Tab stop.
  useEffect(() => {
    if (!focusTarget) return;
    if ('actions' in focusTarget) {
      actions.current?.focus();
      return;
    }
    const tag =
      tabs.current.get(focusTarget.tag) ?? scroller.current?.querySelector<HTMLElement>('[role="tab"][tabindex="0"]');
    tag?.focus();
  }, [focusTarget]);

  const handleScroll = (direction: -1 | 1) => {
    scroller.current?.scrollBy({
      left: direction * LAYOUT.tagScrollStep,
      behavior: prefersReducedMotion() ? 'auto' : 'smooth',
    });
  };

  /** Runs a close action and then moves the focus to `then`, or back to `stay` if it was refused. */
  const closeThenFocus = (action: CloseAction, then: FocusTarget, stay: FocusTarget) => {
    void action.then((closed) => setFocusTarget(closed ? then : stay));
  };

  const closeOne = (tag: TagNav) =>
    closeThenFocus(onClose(tag), { tag: neighbourAfterClose(tags, tag.path).path }, { tag: tag.path });

  const contextItems = (tag: TagNav): MenuProps['items'] => [
    { key: 'close', label: t('tags.close'), disabled: !isClosable(tag) },
    { key: 'closeOthers', label: t('tags.closeOthers') },
    { key: 'closeAll', label: t('tags.closeAll') },
  ];

  const handleContext = (tag: TagNav, key: string) => {
    setMenuFor(null);
    const home = { tag: tags[0]?.path ?? '' };
    if (key === 'close') closeOne(tag);
    if (key === 'closeOthers') closeThenFocus(onCloseOthers(tag), { tag: tag.path }, { tag: tag.path });
    if (key === 'closeAll') closeThenFocus(onCloseAll(), home, { tag: tag.path });
  };

  /** Escape closes a tag's menu and gives the focus back to its tag. */
  const handleMenuEscape = (tag: TagNav) => {
    setMenuFor(null);
    tabs.current.get(tag.path)?.focus();
  };

  const focusAt = (index: number) => {
    const tag = tags[(index + tags.length) % tags.length];
    if (tag) tabs.current.get(tag.path)?.focus();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLElement>, index: number) => {
    const tag = tags[index]!;
    switch (event.key) {
      case 'ArrowRight':
        focusAt(index + 1);
        break;
      case 'ArrowLeft':
        focusAt(index - 1);
        break;
      case 'Home':
        focusAt(0);
        break;
      case 'End':
        focusAt(tags.length - 1);
        break;
      case 'Enter':
      case ' ':
        onSelect(tag);
        break;
      case 'Delete':
        if (!isClosable(tag)) return;
        closeOne(tag);
        break;
      case 'ContextMenu':
        setMenuFor(tag.path);
        break;
      case 'F10':
        if (!event.shiftKey) return;
        setMenuFor(tag.path);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const handleCloseClick = (event: MouseEvent, tag: TagNav) => {
    // The tag itself would open the page it closes.
    event.stopPropagation();
    closeOne(tag);
  };

  const active = tags.find((tag) => tag.path === activePath);
  // Tab reaches the active tag; the first one when the page shown has none (an error page).
  const tabStop = active?.path ?? tags[0]?.path;
  const barItems: MenuProps['items'] = [
    { key: 'closeOthers', label: t('tags.closeOthers'), disabled: !active },
    { key: 'closeAll', label: t('tags.closeAll') },
  ];
  const handleBarEscape = () => {
    setBarMenuOpen(false);
    actions.current?.focus();
  };
  const handleBarMenu: MenuProps['onClick'] = ({ key }) => {
    if (key === 'closeAll') closeThenFocus(onCloseAll(), { actions: true }, { actions: true });
    if (key === 'closeOthers' && active) closeThenFocus(onCloseOthers(active), { actions: true }, { actions: true });
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
      <div className="tag-bar__scroll" ref={scroller} role="tablist" aria-label={t('landmarks.tags')}>
        {tags.map((tag, index) => {
          const isActive = tag.path === activePath;
          const closable = isClosable(tag);
          return (
            <Dropdown
              key={tag.path}
              trigger={['contextMenu']}
              open={menuFor === tag.path}
              onOpenChange={(open) => setMenuFor(open ? tag.path : null)}
              autoFocus
              menu={{
                // Only the open one carries the id: a closing menu may still be drawn.
                id: menuFor === tag.path ? tagMenuId : undefined,
                items: contextItems(tag),
                onClick: ({ key }) => handleContext(tag, key),
                onKeyDown: (event) => handleMenuKeys(event, () => handleMenuEscape(tag)),
              }}
            >
              <Tag
                ref={(element: HTMLElement | null) => {
                  if (element) tabs.current.set(tag.path, element);
                  else tabs.current.delete(tag.path);
                }}
                role="tab"
                aria-selected={isActive}
                aria-describedby={closable ? hintId : homeHintId}
                tabIndex={tag.path === tabStop ? 0 : -1}
                className={`tag-bar__tag${isActive ? ' tag-bar__tag--active' : ''}`}
                data-testid={`tag-${tag.name}`}
                data-active={isActive}
                onClick={() => onSelect(tag)}
                onKeyDown={(event: KeyboardEvent<HTMLElement>) => handleKeyDown(event, index)}
              >
                {isActive && <span className="tag-bar__dot" />}
                {titleOf(tag.name)}
                {closable && (
                  <span
                    className="tag-bar__close"
                    aria-hidden="true"
                    aria-label={t('tags.close')}
                    title={t('tags.close')}
                    onClick={(event) => handleCloseClick(event, tag)}
                  >
                    ×
                  </span>
                )}
              </Tag>
            </Dropdown>
          );
        })}
      </div>
      <span id={hintId} hidden>
        {t('tags.hint')}
      </span>
      <span id={homeHintId} hidden>
        {t('tags.homeHint')}
      </span>
      <Button
        type="text"
        size="small"
        icon={<RightOutlined />}
        aria-label={t('tags.scrollRight')}
        onClick={() => handleScroll(1)}
        className="tag-bar__arrow"
      />
      <Dropdown
        menu={{
          id: barMenuId,
          items: barItems,
          onClick: handleBarMenu,
          onKeyDown: (event) => handleMenuKeys(event, handleBarEscape),
        }}
        trigger={['click']}
        placement="bottomRight"
        open={barMenuOpen}
        onOpenChange={setBarMenuOpen}
        autoFocus
      >
        <Tooltip title={t('tags.more')} placement="left">
          <Button
            ref={actions}
            size="small"
            icon={<CloseCircleOutlined />}
            aria-label={t('tags.more')}
            aria-haspopup="menu"
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
