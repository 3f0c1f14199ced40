import type { ReactNode } from 'react';
import { Card, Flex, Typography } from 'antd';

type Props = {
  /** The search bar, in its own card above the list. */
  search?: ReactNode;
  /** The list's title, left of the toolbar. */
  title?: ReactNode;
  /** Buttons right above the table (New, Export...). */
  toolbar?: ReactNode;
  children: ReactNode;
};

/** The frame of every list screen: a search card, then a card with a title, a toolbar and the table. */
export function ListPage({ search, title, toolbar, children }: Props) {
  return (
    <Flex vertical gap={16} className="list-page">
      {search ? (
        <Card variant="borderless" styles={{ body: { paddingBottom: 12 } }}>
          {search}
        </Card>
      ) : null}
      <Card variant="borderless">
        {title || toolbar ? (
          <Flex justify="space-between" align="center" style={{ marginBottom: 16 }} gap={12}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {title}
            </Typography.Title>
            <Flex gap={8} wrap>
              {toolbar}
            </Flex>
          </Flex>
        ) : null}
        {children}
      </Card>
    </Flex>
  );
}
