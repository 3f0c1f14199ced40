import { useState, type ReactNode } from 'react';
import { Card, Flex } from 'antd';
import { PageTitle } from '../ui/page-title';
import { ListFrameContext } from './table-settings';

type Props = {
  /** The search bar, in its own card above the list. */
  search?: ReactNode;
  /** The page's title, left of the toolbar: the page's one `h1`, at the size of antd's level-5 title. */
  title: ReactNode;
  /** Buttons right above the table (New, Export...). */
  toolbar?: ReactNode;
  children: ReactNode;
};

/**
 * The frame of every list screen: a search card, then a card with a title, a toolbar, the table's
 * settings and the table. Full screen shows that card.
 */
export function ListPage({ search, title, toolbar, children }: Props) {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const [frame, setFrame] = useState<HTMLElement | null>(null);
  return (
    <Flex vertical gap={16} className="list-page">
      {search ? (
        <Card variant="borderless" styles={{ body: { paddingBottom: 12 } }}>
          {search}
        </Card>
      ) : null}
      <div ref={setFrame} className="list-page__frame">
        <Card variant="borderless">
          <Flex justify="space-between" align="center" style={{ marginBottom: 16 }} gap={12}>
            <PageTitle>{title}</PageTitle>
            <Flex gap={8} wrap align="center">
              {toolbar}
              <span ref={setSlot} className="list-page__settings" />
            </Flex>
          </Flex>
          <ListFrameContext.Provider value={{ slot, frame }}>{children}</ListFrameContext.Provider>
        </Card>
      </div>
    </Flex>
  );
}
