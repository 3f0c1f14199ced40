import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import type { PlaybackRequest, RobotLive } from '@patrol/contracts';
import { configureApi, queryClient } from '@/shared/api';
import { i18n } from '@/shared/i18n';
import { AudioPropertiesPage } from '../pages/audio-properties-page';

const audio = {
  volume: 35,
  muted: false,
  mode: 'singleLoop' as const,
  state: 'paused' as const,
  playlist: [3],
  current: { fileId: 3, name: 'Closing time', positionMs: 61_000, durationMs: 180_000 },
  announcing: false,
};
const robots = [
  { robotId: 1, serialNumber: 'SIM-0001', name: 'Alpha', online: true, lastSeenTime: null, state: { audio } },
] as unknown as RobotLive[];

const envelope = (data: unknown, code = 200, message = 'success') =>
  new Response(JSON.stringify({ code, message, data }), { headers: { 'content-type': 'application/json' } });

describe('audio properties', { timeout: 120_000 }, () => {
  const sent: PlaybackRequest[] = [];
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    queryClient.clear();
    sent.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url.includes('monitor/live')) return envelope(robots);
        if (url.includes('/voice/playback')) {
          sent.push(JSON.parse(String(init!.body)) as PlaybackRequest);
          return envelope({
            outcomes: [{ robotId: 1, robotName: 'Alpha', recordId: 5, commandId: 'c-5', error: null }],
          });
        }
        return envelope(null, 404, 'Not found');
      }),
    );
    configureApi({ showError: vi.fn(), showStateError: vi.fn() });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("reads the robot's audio from its live state and sets mute by a command to it", async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <App>
          <MemoryRouter initialEntries={['/voice/audioProperties?robotId=1']}>
            <AudioPropertiesPage />
          </MemoryRouter>
        </App>
      </QueryClientProvider>,
    );
    const details = await screen.findByTestId('voice-properties', {}, { timeout: 10_000 });
    expect(within(details).getByText('Paused')).toBeTruthy();
    expect(within(details).getByText('Closing time · 01:01 / 03:00')).toBeTruthy();
    expect(within(details).getByText('Single loop')).toBeTruthy();
    expect(within(details).getByText('35')).toBeTruthy();
    const mute = within(details).getByRole('switch', { name: 'Muted' });
    expect(mute.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(mute);
    await waitFor(() => expect(sent).toEqual([{ robotIds: [1], action: 'mute', muted: true }]));
  });
});
