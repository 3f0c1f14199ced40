import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { i18n } from '@/shared/i18n';
import { FeedbackBridge } from '@/shared/ui';
import { DashboardButton } from './dashboard-button';

describe('3D dashboard button', () => {
  const open = vi.fn();
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    open.mockReset();
    vi.stubGlobal('open', open);
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderButton = (url: string | null) =>
    render(
      <App>
        <FeedbackBridge />
        <DashboardButton url={url} />
      </App>,
    );

  it('says no 3D dashboard configuration was found when the URL is empty, and opens nothing', async () => {
    renderButton(null);
    fireEvent.click(screen.getByRole('button', { name: /3D Dashboard/ }));
    expect(await screen.findByText('No 3D dashboard configuration found')).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
  });

  it('says the dashboard could not be opened when the browser blocks the window', async () => {
    open.mockReturnValue(null);
    renderButton('https://dashboard.example.com/3d');
    fireEvent.click(screen.getByRole('button', { name: /3D Dashboard/ }));
    expect(open).toHaveBeenCalledWith('https://dashboard.example.com/3d', '_blank');
    expect(await screen.findByText(/The 3D dashboard could not be opened/)).toBeTruthy();
  });

  it('opens the configured URL in a new window that cannot reach back to the console', () => {
    const opened = { opener: window as unknown };
    open.mockReturnValue(opened);
    renderButton('https://dashboard.example.com/3d');
    fireEvent.click(screen.getByRole('button', { name: /3D Dashboard/ }));
    expect(open).toHaveBeenCalledWith('https://dashboard.example.com/3d', '_blank');
    expect(opened.opener).toBeNull();
    expect(screen.queryByText(/could not be opened|configuration found/)).toBeNull();
  });
});
