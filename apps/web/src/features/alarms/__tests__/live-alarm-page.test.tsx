import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import type { RobotLive } from '@patrol/contracts';
import { configureApi, queryClient } from '@/shared/api';
import { i18n } from '@/shared/i18n';
import { readMuteChoice } from '../components/mute-control';
import { LiveAlarmPage, closestAlarm } from '../pages/live-alarm-page';
import { gunRow, ok, sentimentRow } from './fixtures';

const robot = { robotId: 1, name: 'Alpha', serialNumber: 'SIM-0001', online: true } as RobotLive;
const Telemetry = ({ robot: shown }: { robot: RobotLive }) => <div data-testid="telemetry">{shown.serialNumber}</div>;

describe('live alarm window', { timeout: 60_000 }, () => {
  const fetchMock = vi.fn();
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    queryClient.clear();
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('monitor/live')) return ok([robot]);
      if (url.includes('alarm/page'))
        return ok({ rows: [gunRow, { ...sentimentRow, reportTime: '2026-11-23T04:00:30.000Z' }], total: 2 });
      return ok(null);
    });
    vi.stubGlobal('fetch', fetchMock);
    configureApi({ showError: vi.fn(), showStateError: vi.fn() });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("asks for the robot's alarms around the time, shows the closest with the robot's live state and says the video is to come", async () => {
    const ts = Date.parse('2026-11-23T04:00:29.000Z');
    render(
      <QueryClientProvider client={queryClient}>
        <App>
          <MemoryRouter initialEntries={[`/lol?id=1&timestamp=${ts}`]}>
            <LiveAlarmPage name="lol" title="Live video" telemetry={Telemetry} />
          </MemoryRouter>
        </App>
      </QueryClientProvider>,
    );
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Live video']);
    expect(screen.getByText(/The live picture comes with the video area/)).toBeTruthy();
    await screen.findByText('Crowd gathering');
    const query = Object.fromEntries(
      new URL(String(fetchMock.mock.calls.find((c) => String(c[0]).includes('alarm/page'))![0]), 'http://x')
        .searchParams,
    );
    expect(query).toMatchObject({
      robotId: '1',
      startTime: new Date(ts - 60_000).toISOString(),
      endTime: new Date(ts + 60_000).toISOString(),
    });
    await waitFor(() => expect(screen.getByTestId('telemetry').textContent).toBe('SIM-0001'));
  });

  it('picks the alarm reported closest to the time', () => {
    expect(closestAlarm([gunRow, sentimentRow], Date.parse(gunRow.reportTime) + 5)?.alarmId).toBe(gunRow.alarmId);
    expect(closestAlarm([], 0)).toBeNull();
  });

  it('reads a mute choice: a preset, or a custom time checked by the contract', () => {
    expect(readMuteChoice(60, '')).toEqual({ seconds: 60 });
    expect(readMuteChoice(null, '')).toEqual({ error: 'alarms.muteSelectOrEnter' });
    expect(readMuteChoice('custom', ' ')).toEqual({ error: 'alarms.muteEnterTime' });
    expect(readMuteChoice('custom', '0')).toEqual({ error: 'alarms.muteGreaterThanZero' });
    expect(readMuteChoice('custom', '1.5')).toEqual({ error: 'alarms.muteInvalid' });
    expect(readMuteChoice('custom', '90000')).toEqual({ error: 'alarms.muteInvalid' });
    expect(readMuteChoice(null, '45')).toEqual({ seconds: 45 });
  });
});
