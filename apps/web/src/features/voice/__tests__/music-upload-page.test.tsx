import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import type { AudioFileRow } from '@patrol/contracts';
import { configureApi, queryClient } from '@/shared/api';
import { i18n } from '@/shared/i18n';
import { MusicUploadPage } from '../pages/music-upload-page';

const stored: AudioFileRow = {
  fileId: 4,
  name: 'Closing time',
  durationMs: 185_000,
  bitrate: 128,
  sampleRate: 44_100,
  size: 2_960_000,
  sha256: 'a'.repeat(64),
  uploaderName: 'Operator',
  uploadTime: '2026-11-26T08:00:00.000Z',
};

const envelope = (data: unknown, code = 200, message = 'success') =>
  new Response(JSON.stringify({ code, message, data }), { headers: { 'content-type': 'application/json' } });

/** The browser's upload request: answers when the test says, records aborts. */
class FakeXhr {
  static all: FakeXhr[] = [];
  static answer: ((xhr: FakeXhr) => void) | null = null;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  status = 0;
  responseText = '';
  aborted = false;
  url = '';
  withCredentials = false;
  timeout = 0;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send() {
    FakeXhr.all.push(this);
    FakeXhr.answer?.(this);
  }
  abort() {
    this.aborted = true;
  }
  reply(data: unknown, code = 200, message = 'success') {
    this.upload.onprogress?.({ lengthComputable: true, loaded: 10, total: 10 });
    this.status = 200;
    this.responseText = JSON.stringify({ code, message, data });
    this.onload?.();
  }
}

const mp3 = (name: string, fill: number) => new File([new Uint8Array([0x49, 0x44, 0x33, 4, 0, fill])], name);

describe('audio upload', { timeout: 120_000 }, () => {
  const fetchMock = vi.fn();
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    queryClient.clear();
    FakeXhr.all = [];
    FakeXhr.answer = null;
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('/voice/files')) return envelope({ rows: [stored], total: 1 });
      return envelope(null, 404, 'Not found');
    });
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    configureApi({ showError: vi.fn(), showStateError: vi.fn() });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('refuses before sending, uploads with progress, names the file already there and cancels', async () => {
    const { container } = render(
      <QueryClientProvider client={queryClient}>
        <App>
          <MemoryRouter>
            <MusicUploadPage />
          </MemoryRouter>
        </App>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Audio upload' })).toBeTruthy();
    const table = (await screen.findAllByRole('table', { name: 'Audio files' })).at(-1)!;
    const row = (await within(table).findByText('Closing time')).closest('tr')!;
    expect(within(row).getByText('03:05')).toBeTruthy();
    expect(within(row).getByText('128 kbit/s')).toBeTruthy();
    expect(within(row).getByText('2.82 MB')).toBeTruthy();

    // The upload area puts a fresh input in place after each choice.
    const drop = (files: File[]) =>
      fireEvent.change(container.querySelector('input[type="file"]')!, { target: { files } });

    drop([new File(['plain words'], 'notes.mp3')]);
    expect(await screen.findByText('notes.mp3: only MP3 files can be uploaded')).toBeTruthy();
    expect(FakeXhr.all).toHaveLength(0);

    FakeXhr.answer = (xhr) => xhr.reply({ file: stored, existing: true });
    drop([mp3('again.mp3', 1)]);
    const item = await screen.findByText(/again\.mp3/, {}, { timeout: 5_000 });
    await within(item.closest('li')!).findByText(
      'The same file is already uploaded as Closing time',
      {},
      { timeout: 5_000 },
    );
    expect(FakeXhr.all).toHaveLength(1);
    expect(FakeXhr.all[0]!.url).toBe('/api/voice/files/upload');

    // The same content under another name is already in the list.
    drop([mp3('copy.mp3', 1)]);
    expect(await screen.findByText('copy.mp3: this file is already in the upload list')).toBeTruthy();
    expect(FakeXhr.all).toHaveLength(1);

    FakeXhr.answer = null;
    drop([mp3('long.mp3', 2)]);
    const uploading = (await screen.findByText(/long\.mp3/, {}, { timeout: 10_000 })).closest('li')!;
    const cancel = within(uploading).getByRole('button', { name: 'Cancel the upload of long.mp3' });
    expect(within(uploading).getByRole('progressbar', { name: 'Upload progress of long.mp3' })).toBeTruthy();
    fireEvent.click(cancel);
    await screen.findByText('Upload cancelled');
    await waitFor(() => expect(FakeXhr.all.at(-1)!.aborted).toBe(true));

    // The list's words follow the language.
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(await screen.findByText('notes.mp3：只能上传 MP3 文件')).toBeTruthy();
    expect(await screen.findByText('相同的文件已上传为 Closing time')).toBeTruthy();
    expect(await screen.findByText('已取消上传')).toBeTruthy();
  });
});
