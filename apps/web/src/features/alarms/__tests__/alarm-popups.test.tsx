import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import type { AlarmMute, AlarmPushData } from '@patrol/contracts';
import { configureApi, queryClient } from '@/shared/api';
import { i18n } from '@/shared/i18n';
import { RealtimeProvider, closeAllSockets } from '@/shared/realtime';
import { STORAGE_KEYS, readItem, writeItem } from '@/shared/storage';
import { FeedbackBridge } from '@/shared/ui';
import { AlarmPopups } from '../components/alarm-popups';
import { resetBeep } from '../hooks/use-alarm-sound';
import { gunDetail, ok } from './fixtures';

class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send() {}
  close() {
    this.readyState = 3;
  }
  receive(message: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(message) }));
  }
}

/** Counts the beeps: each one starts oscillators on a context made once. */
class FakeAudioContext {
  static started = 0;
  state = 'running';
  currentTime = 0;
  destination = {};
  createGain() {
    return {
      connect: () => undefined,
      gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined },
    };
  }
  createOscillator() {
    return {
      type: 'sine',
      frequency: { setValueAtTime: () => undefined },
      connect: () => undefined,
      start: () => {
        FakeAudioContext.started += 1;
      },
      stop: () => undefined,
    };
  }
  resume() {
    return Promise.resolve();
  }
}

const push = (alarmId: number, msg: string): AlarmPushData => ({
  code: 'G100',
  msg,
  img: null,
  timestamp: Date.parse('2026-11-23T04:00:00.000Z') + alarmId,
  alarmId,
  level: 2,
  robotName: 'Alpha',
  serialNumber: 'SIM-0001',
});

type Sent = { url: string; method: string; body: unknown };

describe('alarm popups', { timeout: 60_000 }, () => {
  const fetchMock = vi.fn();
  const sent: Sent[] = [];
  let serverMute: AlarmMute;
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    queryClient.clear();
    FakeSocket.all = [];
    FakeAudioContext.started = 0;
    resetBeep();
    sent.length = 0;
    serverMute = { warningMuteUntil: null, sentimentMuteUntil: null };
    writeItem(STORAGE_KEYS.token, 'tok');
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ url, method, body });
      if (url.includes('alarm/mute') && method === 'POST') {
        const until = Date.now() + body.seconds * 1000;
        serverMute =
          body.kind === 'gun'
            ? { ...serverMute, warningMuteUntil: until }
            : { ...serverMute, sentimentMuteUntil: until };
        return ok(serverMute);
      }
      if (url.includes('alarm/mute')) return ok(serverMute);
      if (method === 'POST') return ok({ ...gunDetail, gunDecision: 'allowed', status: 'complete' });
      return ok(null);
    });
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('AudioContext', FakeAudioContext);
    configureApi({ showError: vi.fn(), showStateError: vi.fn() });
  });
  afterEach(() => {
    closeAllSockets();
    vi.unstubAllGlobals();
  });

  const mount = async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <App>
          <FeedbackBridge />
          <MemoryRouter>
            <RealtimeProvider url="ws://host/api/ws/msg/1">
              <AlarmPopups userId={1} handledCloseMs={50} />
            </RealtimeProvider>
          </MemoryRouter>
        </App>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(FakeSocket.all.length).toBe(1));
    // The server's mute times were read.
    await waitFor(() => expect(sent.some((s) => s.url.includes('alarm/mute'))).toBe(true));
    return FakeSocket.all[0]!;
  };
  const popup = (kind: 'gun' | 'sentiment') => screen.queryByTestId(`alarm-popup-${kind}`);
  const posts = () => sent.filter((s) => s.method === 'POST');
  const confirmDialog = async (title: string) =>
    (await screen.findAllByText(title)).at(-1)!.closest('.ant-modal')! as HTMLElement;

  it('shows a gun alarm as a named non-modal dialog with robot, code, message and time, beeps and says it', async () => {
    const socket = await mount();
    socket.receive({ type: 'gun', data: push(7, 'Intruder at the north gate'), robotId: 1 });
    const dialog = screen.getByRole('alertdialog', { name: 'Net-gun alarm: permission asked' });
    expect(dialog.getAttribute('aria-modal')).toBe('false');
    expect(within(dialog).getByText('Alpha SIM-0001')).toBeTruthy();
    expect(within(dialog).getByText('G100')).toBeTruthy();
    expect(within(dialog).getByText('Intruder at the north gate')).toBeTruthy();
    expect(within(dialog).getByText('No image')).toBeTruthy();
    for (const name of ['Details', 'Reject', 'Allow', 'Mute'])
      expect(within(dialog).getByRole('button', { name })).toBeTruthy();
    expect(FakeAudioContext.started).toBeGreaterThan(0);
  });

  it('keeps one popup per kind: a second gun alarm replaces the first, a sentiment one sits beside it', async () => {
    const socket = await mount();
    socket.receive({ type: 'gun', data: push(7, 'first'), robotId: 1 });
    socket.receive({ type: 'gun', data: push(9, 'second'), robotId: 1 });
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    expect(within(popup('gun')!).getByText('second')).toBeTruthy();
    expect(screen.queryByText('first')).toBeNull();
    socket.receive({ type: 'sentiment', data: push(10, 'crowd'), robotId: 1 });
    expect(screen.getAllByRole('alertdialog')).toHaveLength(2);
    expect(within(popup('sentiment')!).getByRole('button', { name: 'Live' })).toBeTruthy();
  });

  it('suppresses a muted kind, and follows the mute pushed by another tab', async () => {
    serverMute = { warningMuteUntil: Date.now() + 60_000, sentimentMuteUntil: null };
    const socket = await mount();
    await waitFor(() => expect(readItem(STORAGE_KEYS.warningMuteUntil)).toBe(String(serverMute.warningMuteUntil)));
    socket.receive({ type: 'gun', data: push(7, 'muted one'), robotId: 1 });
    expect(popup('gun')).toBeNull();
    expect(FakeAudioContext.started).toBe(0);
    socket.receive({ type: 'sentiment', data: push(8, 'shown one'), robotId: 1 });
    expect(popup('sentiment')).toBeTruthy();
    socket.receive({ type: 'alarmMute', data: { warningMuteUntil: null, sentimentMuteUntil: Date.now() + 60_000 } });
    expect(readItem(STORAGE_KEYS.sentimentMuteUntil)).not.toBeNull();
    socket.receive({ type: 'gun', data: push(11, 'after unmute'), robotId: 1 });
    expect(popup('gun')).toBeTruthy();
  });

  it('mutes the kind for 30 s on the server and closes the popup', async () => {
    const socket = await mount();
    socket.receive({ type: 'gun', data: push(7, 'Intruder'), robotId: 1 });
    fireEvent.click(within(popup('gun')!).getByRole('button', { name: 'Mute' }));
    fireEvent.click(within(popup('gun')!).getByRole('radio', { name: '30 s' }));
    fireEvent.click(within(popup('gun')!).getByRole('button', { name: 'Mute' }));
    await waitFor(() => expect(popup('gun')).toBeNull());
    expect(posts()).toHaveLength(1);
    expect(posts()[0]!.url).toContain('notice-server/alarm/mute');
    expect(posts()[0]!.body).toEqual({ kind: 'gun', seconds: 30 });
    expect(Number(readItem(STORAGE_KEYS.warningMuteUntil))).toBeGreaterThan(Date.now() + 25_000);
    socket.receive({ type: 'gun', data: push(8, 'next one'), robotId: 1 });
    expect(popup('gun')).toBeNull();
  });

  it('checks a custom mute time with the four messages of the spec and sends nothing until it is valid', async () => {
    const socket = await mount();
    socket.receive({ type: 'gun', data: push(7, 'Intruder'), robotId: 1 });
    const dialog = popup('gun')!;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mute' }));
    const confirm = within(dialog).getByRole('button', { name: 'Mute' });
    fireEvent.click(confirm);
    expect(within(dialog).getByRole('alert').textContent).toBe('Please select or enter a time');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Custom' }));
    fireEvent.click(confirm);
    expect(within(dialog).getByRole('alert').textContent).toBe('Please enter a time');
    const field = within(dialog).getByRole('textbox', { name: 'Custom mute, in seconds' });
    for (const [text, expected] of [
      ['0', 'Please enter a time greater than 0'],
      ['-1', 'Please enter a time greater than 0'],
      ['abc', 'Please enter a valid time'],
    ] as const) {
      fireEvent.change(field, { target: { value: text } });
      fireEvent.click(confirm);
      expect(within(dialog).getByRole('alert').textContent).toBe(expected);
    }
    expect(posts()).toHaveLength(0);
    fireEvent.change(field, { target: { value: '45' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(posts()[0]?.body).toEqual({ kind: 'gun', seconds: 45 }));
  });

  it('Allow asks first, then posts cmd/gun with flag true for the alarm, and closes', async () => {
    const socket = await mount();
    const data = push(7, 'Intruder');
    socket.receive({ type: 'gun', data, robotId: 1 });
    fireEvent.click(within(popup('gun')!).getByRole('button', { name: 'Allow' }));
    const dialog = await confirmDialog('Allow this robot to fire its net gun?');
    expect(posts()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.url).toContain('notice-server/cmd/gun');
    expect(posts()[0]!.body).toEqual({ robotId: 1, data: { timestamp: data.timestamp, flag: true, alarmId: 7 } });
    await waitFor(() => expect(popup('gun')).toBeNull());
  });

  it('No deal asks to confirm the ignore, then posts cmd/sentiment with ret 4', async () => {
    const socket = await mount();
    const data = push(8, 'crowd');
    socket.receive({ type: 'sentiment', data, robotId: 3 });
    fireEvent.click(within(popup('sentiment')!).getByRole('button', { name: 'No deal' }));
    const dialog = await confirmDialog('Ignore this sentiment alarm?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'No deal' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.url).toContain('notice-server/cmd/sentiment');
    expect(posts()[0]!.body).toEqual({ robotId: 3, data: { timestamp: data.timestamp, ret: 4, alarmId: 8 } });
  });

  it('says who handled the alarm when another operator did, then closes; closes at once for oneself', async () => {
    const socket = await mount();
    socket.receive({ type: 'gun', data: push(7, 'Intruder'), robotId: 1 });
    socket.receive({
      type: 'alarmHandled',
      data: {
        alarmId: 7,
        kind: 'gun',
        robotId: 1,
        operation: 'allow',
        operatorId: 99,
        operatorName: 'Bob',
        status: 'complete',
      },
    });
    expect(within(popup('gun')!).getByText('Already handled by Bob')).toBeTruthy();
    expect((within(popup('gun')!).getByRole('button', { name: 'Allow' }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(popup('gun')).toBeNull());

    socket.receive({ type: 'sentiment', data: push(8, 'crowd'), robotId: 1 });
    socket.receive({
      type: 'alarmHandled',
      data: {
        alarmId: 8,
        kind: 'sentiment',
        robotId: 1,
        operation: 'ignore',
        operatorId: 1,
        operatorName: 'Me',
        status: 'complete',
      },
    });
    expect(popup('sentiment')).toBeNull();
  });

  it('beeps no more once the sound is turned off, and remembers it', async () => {
    const socket = await mount();
    socket.receive({ type: 'gun', data: push(7, 'first'), robotId: 1 });
    const beeps = FakeAudioContext.started;
    expect(beeps).toBeGreaterThan(0);
    fireEvent.click(within(popup('gun')!).getByRole('switch', { name: 'Alarm sound' }));
    expect(readItem(STORAGE_KEYS.alarmSound)).toBe('0');
    socket.receive({ type: 'gun', data: push(9, 'second'), robotId: 1 });
    expect(popup('gun')).toBeTruthy();
    expect(FakeAudioContext.started).toBe(beeps);
  });
});
