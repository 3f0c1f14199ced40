import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import type { RobotLive } from '@patrol/contracts';
import { configureApi, queryClient } from '@/shared/api';
import { i18n } from '@/shared/i18n';
import { IntercomPage } from '../pages/intercom-page';
import type { MediaEnvironment } from '../intercom-call';

const playing = {
  volume: 60,
  muted: false,
  mode: 'sequence' as const,
  state: 'playing' as const,
  playlist: [3],
  current: { fileId: 3, name: 'Closing time', positionMs: 1000, durationMs: 180_000 },
  announcing: false,
};
const robots = [
  { robotId: 1, serialNumber: 'SIM-0001', name: 'Alpha', online: true, lastSeenTime: null, state: { audio: playing } },
  { robotId: 2, serialNumber: 'SIM-0002', name: 'Bravo', online: true, lastSeenTime: null, state: null },
  { robotId: 3, serialNumber: 'SIM-0003', name: 'Charlie', online: false, lastSeenTime: null, state: null },
  { robotId: 4, serialNumber: 'SIM-0004', name: 'Delta', online: true, lastSeenTime: null, state: null },
] as unknown as RobotLive[];

const envelope = (data: unknown, code = 200, message = 'success') =>
  new Response(JSON.stringify({ code, message, data }), { headers: { 'content-type': 'application/json' } });

describe('live announcement page', { timeout: 120_000 }, () => {
  const fetchMock = vi.fn();
  const starts: unknown[] = [];
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    queryClient.clear();
    starts.length = 0;
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('monitor/live')) return envelope(robots);
      if (url.includes('/voice/intercom/holder?robotId=2'))
        return envelope({ holder: { userId: 9, name: 'Alice', since: '2026-01-01T00:00:00Z' } });
      if (url.includes('/voice/intercom/holder')) return envelope({ holder: null });
      if (url.includes('/voice/intercom/start')) {
        const body = JSON.parse(String(init!.body)) as { robotId: number; stopAudio?: boolean };
        starts.push(body);
        if (body.robotId === 4 && !body.stopAudio)
          return envelope(null, 409, 'The robot is playing audio; stop it first');
        return envelope(null, 409, 'The announcement is in use by Alice');
      }
      if (url.includes('/voice/announcements')) return envelope({ rows: [], total: 0 });
      return envelope(null, 404, 'Not found');
    });
    vi.stubGlobal('fetch', fetchMock);
    configureApi({ showError: vi.fn(), showStateError: vi.fn() });
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderAt = (path: string, environment: () => MediaEnvironment) =>
    render(
      <QueryClientProvider client={queryClient}>
        <App>
          <MemoryRouter initialEntries={[path]}>
            <IntercomPage environment={environment} />
          </MemoryRouter>
        </App>
      </QueryClientProvider>,
    );

  it('an offline robot takes no announcement', async () => {
    renderAt('/voice/intercom?robotId=3', () => ({ isSecureContext: false }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Live announcement' })).toBeTruthy();
    // Charlie is offline: named so, and no announcement starts.
    expect(await screen.findByText('The robot is offline; it cannot take an announcement')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Start announcement/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows who holds the robot', async () => {
    renderAt('/voice/intercom?robotId=2', () => ({ isSecureContext: false }));
    expect(await screen.findByText('In use by Alice')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Start announcement/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('checks the device first, then asks before stopping audio and shows the server refusal', async () => {
    renderAt('/voice/intercom?robotId=1', () => ({ isSecureContext: false }));
    const start = await screen.findByRole('button', { name: /Start announcement/ });
    await waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(start);
    const question = (await screen.findAllByText('The robot is playing audio. Stop it and start the announcement?')).at(
      -1,
    )!;
    fireEvent.click(
      within(question.closest('.ant-modal')! as HTMLElement).getByRole('button', { name: 'Stop and announce' }),
    );
    const error = await screen.findByTestId('voice-intercom-error');
    expect(error.textContent).toContain('Media devices need localhost or HTTPS');
    expect(screen.getByTestId('voice-intercom-state').textContent).toBe('State: Ended');
    expect(starts).toEqual([]);
  });

  const track = { enabled: true, stop: vi.fn() };
  const stream = { getAudioTracks: () => [track], getTracks: () => [track] } as unknown as MediaStream;
  const env: MediaEnvironment = {
    isSecureContext: true,
    mediaDevices: { getUserMedia: () => Promise.resolve(stream) },
    RTCPeerConnection: vi.fn() as unknown as typeof RTCPeerConnection,
  };

  it('asks about stopping audio when the server says the robot plays some', async () => {
    renderAt('/voice/intercom?robotId=4', () => env);
    const start = await screen.findByRole('button', { name: /Start announcement/ });
    await waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(start);
    const question = (await screen.findAllByText('The robot is playing audio. Stop it and start the announcement?')).at(
      -1,
    )!;
    expect(starts).toEqual([{ robotId: 4 }]);
    fireEvent.click(
      within(question.closest('.ant-modal')! as HTMLElement).getByRole('button', { name: 'Stop and announce' }),
    );
    await waitFor(() => expect(starts).toEqual([{ robotId: 4 }, { robotId: 4, stopAudio: true }]));
  });

  it('sends stopAudio once the operator confirms, and shows a refusal as the server words it', async () => {
    track.stop.mockClear();
    renderAt('/voice/intercom?robotId=1', () => env);
    const start = await screen.findByRole('button', { name: /Start announcement/ });
    await waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(start);
    const question = (await screen.findAllByText('The robot is playing audio. Stop it and start the announcement?')).at(
      -1,
    )!;
    fireEvent.click(
      within(question.closest('.ant-modal')! as HTMLElement).getByRole('button', { name: 'Stop and announce' }),
    );
    await waitFor(() => expect(starts).toEqual([{ robotId: 1, stopAudio: true }]));
    const error = await screen.findByTestId('voice-intercom-error');
    expect(error.textContent).toContain('The announcement is in use by Alice');
    // The microphone is let go.
    expect(track.stop).toHaveBeenCalled();
  });
});
