import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { configureApi, queryClient } from '@/shared/api';
import { i18n } from '@/shared/i18n';
import { RealtimeProvider, closeAllSockets } from '@/shared/realtime';
import { STORAGE_KEYS, writeItem } from '@/shared/storage';
import { FeedbackBridge } from '@/shared/ui';
import { MessageCenter } from '../components/message-center';

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

const ok = (data: unknown) => new Response(JSON.stringify({ code: 200, message: 'success', data }), { status: 200 });

describe('message center', { timeout: 30_000 }, () => {
  const fetchMock = vi.fn();
  let unread = 0;
  const posted: string[] = [];
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    queryClient.clear();
    FakeSocket.all = [];
    posted.length = 0;
    unread = 5;
    writeItem(STORAGE_KEYS.token, 'tok');
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'POST') {
        posted.push(url);
        const count = unread;
        unread = 0;
        return ok({ count });
      }
      if (url.includes('read=0')) return ok({ rows: [], total: unread });
      return ok({ rows: [], total: 0 });
    });
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('WebSocket', FakeSocket);
    configureApi({ showError: vi.fn(), showStateError: vi.fn() });
  });
  afterEach(() => {
    closeAllSockets();
    vi.unstubAllGlobals();
  });

  const mount = () =>
    render(
      <QueryClientProvider client={queryClient}>
        <App>
          <FeedbackBridge />
          <RealtimeProvider url="ws://host/api/ws/msg/1">
            <MessageCenter />
          </RealtimeProvider>
        </App>
      </QueryClientProvider>,
    );

  it('shows the unread count on the bell and clears it with "mark all read"', async () => {
    mount();
    const bell = await screen.findByRole('button', { name: 'Message center (5 unread)' });
    expect(screen.getByTestId('unread-count').textContent).toContain('5');
    fireEvent.click(bell);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await screen.findByRole('button', { name: 'Message center' });
    expect(posted).toEqual(['/api/notice-server/notice/read/all']);
    expect(JSON.parse(String(fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')![1].body))).toEqual({
      type: 1,
    });
  });

  it('shows at most three popups of a burst and one "N more" entry', async () => {
    mount();
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    const socket = FakeSocket.all[0]!;
    for (let i = 1; i <= 7; i += 1) socket.receive({ type: '1', data: { title: `Alert ${i}`, content: `Body ${i}` } });
    await screen.findByText('4 more system messages');
    expect(screen.getAllByText('System message')).toHaveLength(3);
    expect(screen.getByText('Alert 3')).toBeTruthy();
    expect(screen.queryByText('Alert 4')).toBeNull();
    expect(screen.getAllByText(/more system messages/)).toHaveLength(1);
  });
});
