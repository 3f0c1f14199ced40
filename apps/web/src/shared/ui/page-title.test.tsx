import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Card, theme } from 'antd';
import { PageTitle, SectionTitle } from './page-title';

const token = theme.getDesignToken();

describe('page and section titles', () => {
  it("is the page's one h1, at the size of antd's level-5 title unless told otherwise", () => {
    render(<PageTitle>Users</PageTitle>);
    const title = screen.getByRole('heading', { level: 1, name: 'Users' });
    expect(screen.getAllByRole('heading')).toHaveLength(1);
    expect(title.tagName).toBe('H1');
    expect(title.style.fontSize).toBe(`${token.fontSizeHeading5}px`);
    expect(title.style.lineHeight).toBe(String(token.lineHeightHeading5));
    expect(title.style.margin).toBe('0px');
  });

  it('takes the size it is given: a greeting keeps the look of a level-3 title', () => {
    render(<PageTitle look={3}>Hello, Admin</PageTitle>);
    const title = screen.getByRole('heading', { level: 1, name: 'Hello, Admin' });
    expect(title.style.fontSize).toBe(`${token.fontSizeHeading3}px`);
  });

  it("keeps the look of the place it is put in (a card's head), as a heading all the same", () => {
    render(
      <Card title={<PageTitle look="inherit">Real-time monitoring</PageTitle>} extra="3 online">
        map
      </Card>,
    );
    const title = screen.getByRole('heading', { level: 1, name: 'Real-time monitoring' });
    expect(title.style.font).toBe('inherit');
    expect(title.style.color).toBe('inherit');
    expect(title.className).not.toContain('ant-typography');
  });

  it('puts sections under the page: h2 by default, deeper when asked, margins as given', () => {
    render(
      <>
        <PageTitle>Robot control</PageTitle>
        <SectionTitle look="inherit">Commands</SectionTitle>
        <SectionTitle level={3} style={{ marginBottom: 8 }}>
          Robot 1
        </SectionTitle>
      </>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Commands' })).toBeTruthy();
    const robot = screen.getByRole('heading', { level: 3, name: 'Robot 1' });
    expect(robot.style.fontSize).toBe(`${token.fontSizeHeading5}px`);
    expect(robot.style.marginBottom).toBe('8px');
  });
});
