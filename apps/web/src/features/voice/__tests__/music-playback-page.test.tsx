import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import type { PlaybackRequest, RobotLive } from '@patrol/contracts';
import { configureApi, queryClient } from '@/shared/api';
import { i18n } from '@/shared/i18n';
import { MusicPlaybackPage } from '../pages/music-playback-page';
import { commandErrorKey } from '../hooks/use-playback';

const audio = {
  volume: 60,
  muted: false,
  mode: 'sequence' as const,
  state: 'playing' as const,
  playlist: [3],
  current: { fileId: 3, name: 'Closing time', positionMs: 65_000, durationMs: 180_000 },
  announcing: true,
};
const robots = [
  { robotId: 1, serialNumber: 'SIM-0001', name: 'Alpha', online: true, lastSeenTime: null, state: { audio } },
  { robotId: 2, serialNumber: 'SIM-0002', name: 'Bravo', online: false, lastSeenTime: null, state: null },
] as unknown as RobotLive[];

const envelope = (data: unknown, code = 200, message = 'success') =>
  new Response(JSON.stringify({ code, message, data }), { headers: { 'content-type': 'application/json' } });

describe('audio playback', { timeout: 120_000 }, () => {
  const fetchMock = vi.fn();
  const sent: PlaybackRequest[] = [];
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    queryClient.clear();
    sent.length = 0;
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('monitor/live')) return envelope(robots);
      if (url.includes('/voice/files')) return envelope({ rows: [], total: 0 });
      if (url.includes('/voice/playback')) {
        const body = JSON.parse(String(init!.body)) as PlaybackRequest;
        sent.push(body);
        if (!body.stopAnnouncement) return envelope(null, 409, 'The robot is in a live announcement; end it first');
        return envelope({
          outcomes: [{ robotId: 1, robotName: 'Alpha', recordId: 21, commandId: 'c-21', error: null }],
        });
      }
      return envelope(null, 404, 'Not found');
    });
    vi.stubGlobal('fetch', fetchMock);
    configureApi({ showError: vi.fn(), showStateError: vi.fn() });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows each robot's live audio, sends the action to the chosen robots and asks before ending an announcement", async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <App>
          <MemoryRouter>
            <MusicPlaybackPage />
          </MemoryRouter>
        </App>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Audio playback' })).toBeTruthy();
    const table = (await screen.findAllByRole('table', { name: 'Robots' })).at(-1)!;
    await within(table).findByText('Closing time · 01:05 / 03:00');
    expect(within(table).getByText('Announcing')).toBeTruthy();
    expect(within(table).getByText('Playing')).toBeTruthy();

    const pause = screen.getByRole('button', { name: /Pause/ });
    expect((pause as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose Alpha' }));
    await waitFor(() => expect((pause as HTMLButtonElement).disabled).toBe(false));
    // Play needs a playlist first.
    expect((screen.getByRole('button', { name: /^play-circle Play$/ }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(pause);
    await waitFor(() => expect(sent).toEqual([{ robotIds: [1], action: 'pause' }]));
    const question = (await screen.findAllByText('The robot is in a live announcement. End it and play?')).at(-1)!;
    // Nothing more is sent before the operator answers.
    expect(sent).toHaveLength(1);
    fireEvent.click(
      within(question.closest('.ant-modal')! as HTMLElement).getByRole('button', { name: 'End it and play' }),
    );
    await waitFor(() => expect(sent.at(-1)).toEqual({ robotIds: [1], action: 'pause', stopAnnouncement: true }));
    const outcome = await screen.findByTestId('voice-playback-outcome');
    expect(within(outcome).getByText('Alpha · Pause')).toBeTruthy();
    expect(within(outcome).getByText('Sent')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Set volume 50/ }));
    await waitFor(() => expect(sent.at(-1)).toEqual({ robotIds: [1], action: 'volume', volume: 50 }));
  });

  it("names the spec's error of each failed audio command", () => {
    expect(commandErrorKey('play')).toBe('playback.errors.play');
    expect(commandErrorKey('next')).toBe('playback.errors.play');
    expect(commandErrorKey('volume')).toBe('playback.errors.volume');
    expect(commandErrorKey('mute')).toBe('playback.errors.mute');
    expect(i18n.t('playback.errors.mute', { ns: 'voice' })).toBe('Mute response error');
  });
});
