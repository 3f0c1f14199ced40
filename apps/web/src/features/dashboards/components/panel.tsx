import type { CSSProperties, ReactNode } from 'react';
import { Card, theme } from 'antd';
import { SectionTitle } from '@/shared/ui';
import './dashboards.css';

/** The colours of a panel from the theme around it (light on the home page, dark on the wall screen). */
export function usePanelStyle(): CSSProperties {
  const { token } = theme.useToken();
  return {
    background: token.colorBgContainer,
    borderColor: token.colorBorderSecondary,
    color: token.colorText,
  };
}

/** A titled box of a dashboard (an antd card): its title an `h2` (or `h3` under a section), its content below. */
export function Panel({
  title,
  extra,
  children,
  className,
  level = 2,
  testId,
}: {
  title: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  className?: string;
  level?: 2 | 3;
  testId?: string;
}) {
  return (
    <Card
      size="small"
      className={`dash-panel${className ? ` ${className}` : ''}`}
      data-testid={testId}
      title={
        <SectionTitle look="inherit" level={level} className="dash-panel__title">
          {title}
        </SectionTitle>
      }
      extra={extra}
      styles={{ body: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' } }}
    >
      <div className="dash-panel__body">{children}</div>
    </Card>
  );
}
