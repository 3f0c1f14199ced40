import type { CSSProperties, ReactNode } from 'react';
import { Typography, theme } from 'antd';

/**
 * How a heading looks, apart from where it sits in the page's outline: one of antd's five title
 * sizes, or `inherit` for a heading placed where antd already styles a title (a card's head, a
 * Result's title), which keeps that place's look.
 */
export type HeadingLook = 1 | 2 | 3 | 4 | 5 | 'inherit';

type HeadingProps = {
  children: ReactNode;
  /** The size it is drawn at; its level stays what the outline needs. */
  look?: HeadingLook;
  className?: string;
  id?: string;
  /** Where it sits (its margins); its size comes from `look`. */
  style?: CSSProperties;
};

function Heading({ level, look = 5, children, className, id, style }: HeadingProps & { level: 1 | 2 | 3 | 4 }) {
  const { token } = theme.useToken();
  if (look === 'inherit') {
    const Tag = `h${level}` as const;
    return (
      <Tag className={className} id={id} style={{ margin: 0, font: 'inherit', color: 'inherit', ...style }}>
        {children}
      </Tag>
    );
  }
  return (
    <Typography.Title
      level={level}
      className={className}
      id={id}
      style={{
        margin: 0,
        fontSize: token[`fontSizeHeading${look}`],
        lineHeight: token[`lineHeightHeading${look}`],
        ...style,
      }}
    >
      {children}
    </Typography.Title>
  );
}

/**
 * The one `h1` of a page, its title. A console page is a tool, not a document: the title keeps the
 * size the page had before it was a heading (`look`, antd's level-5 title by default).
 */
export function PageTitle(props: HeadingProps) {
  return <Heading level={1} {...props} />;
}

/** A section of a page under its `PageTitle` (`h2` by default, `h3`/`h4` below that), at the size it is given. */
export function SectionTitle({ level = 2, ...props }: HeadingProps & { level?: 2 | 3 | 4 }) {
  return <Heading level={level} {...props} />;
}
