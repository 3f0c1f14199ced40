import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import type { Page } from '@patrol/contracts';
import { configureApi, createQueryClient } from '@/shared/api';
import { get } from '@/shared/api/client';
import { i18n } from '@/shared/i18n';
import { STORAGE_KEYS, writeJson } from '@/shared/storage';
import { ListTable, type ListColumn } from './list-table';
import { ListPage } from './list-page';
import { StickyTopContext } from './sticky-top';
import { useListQuery } from './use-list-query';

// jsdom has no ResizeObserver; antd's table measures its columns with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

type Row = { id: number; name: string; ip: string };
const columns: ListColumn<Row>[] = [
  { title: 'Name', dataIndex: 'name' },
  { title: 'IP address', dataIndex: 'ip' },
];
const ok = (data: unknown) => new Response(JSON.stringify({ code: 200, message: 'ok', data }));

/** The name is sorted by the server; the address is not. */
const sortable: ListColumn<Row>[] = [
  { title: 'Name', dataIndex: 'name', sorter: true },
  { title: 'IP address', dataIndex: 'ip' },
];

function Robots({ cols = columns }: { cols?: ListColumn<Row>[] }) {
  const list = useListQuery<object, Row, 'name'>({
    key: ['layout-robots'],
    fetch: (params, signal) => get<Page<Row>>('robot/page', { query: params, signal }),
    initialFilters: {},
  });
  return (
    <ListPage title="Robots">
      <ListTable<Row> rowKey="id" columns={cols} {...list.tableProps} />
    </ListPage>
  );
}

function renderList(cols?: ListColumn<Row>[], stickyTop = 0) {
  const client = createQueryClient();
  return render(
    <QueryClientProvider client={client}>
      <App>
        <StickyTopContext.Provider value={stickyTop}>
          <Robots cols={cols} />
        </StickyTopContext.Provider>
      </App>
    </QueryClientProvider>,
  );
}

/** The query of the last list request. */
const lastQuery = (fetchMock: ReturnType<typeof vi.fn>) =>
  Object.fromEntries(new URL(String(fetchMock.mock.lastCall?.[0]), 'http://console.test').searchParams);

const headers = () => screen.getAllByRole('columnheader').map((th) => th.textContent);

// Each test renders a whole antd table several times; a busy machine needs more than the default.
describe('list table', { timeout: 30_000 }, () => {
  const fetchMock = vi.fn();
  const showError = vi.fn();
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    showError.mockReset();
    configureApi({ showError, showStateError: vi.fn() });
    localStorage.clear();
    writeJson(STORAGE_KEYS.userInfo, { userId: 42 }, 'session');
  });
  afterEach(() => vi.unstubAllGlobals());

  it("names the page with its one h1, drawn at the size of antd's level-5 title", async () => {
    fetchMock.mockImplementation(async () => ok({ total: 0, rows: [] }));
    renderList();
    const title = await screen.findByRole('heading', { level: 1, name: 'Robots' });
    expect(screen.getAllByRole('heading')).toEqual([title]);
    expect(title.style.fontSize).toBe('16px');
  });

  it('hides a column from the column settings and remembers it for this user and list', async () => {
    fetchMock.mockImplementation(async () => ok({ total: 1, rows: [{ id: 1, name: 'Gate', ip: '10.0.0.1' }] }));
    const first = renderList();
    expect(await screen.findByText('10.0.0.1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Column settings' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'IP address' }));
    await waitFor(() => expect(screen.queryByText('10.0.0.1')).toBeNull());
    expect(headers()).not.toContain('IP address');
    expect(localStorage.getItem('listColumns:42:layout-robots')).toBe('["ip"]');
    first.unmount();

    // Opened again: still hidden. Another user of the browser sees every column.
    renderList();
    expect(await screen.findByText('Gate')).toBeTruthy();
    expect(screen.queryByText('10.0.0.1')).toBeNull();
    const again = screen.getAllByRole('columnheader');
    expect(again.map((th) => th.textContent)).toEqual(['Name']);
    writeJson(STORAGE_KEYS.userInfo, { userId: 7 }, 'session');
    renderList();
    expect(await screen.findByText('10.0.0.1')).toBeTruthy();
  });

  it('changes the density of the rows', async () => {
    fetchMock.mockImplementation(async () => ok({ total: 1, rows: [{ id: 1, name: 'Gate', ip: '10.0.0.1' }] }));
    const { container } = renderList();
    expect(await screen.findByText('Gate')).toBeTruthy();
    expect(container.querySelector('.ant-table-medium')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Density' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Compact' }));
    await waitFor(() => expect(container.querySelector('.ant-table-small')).not.toBeNull());
    expect(container.querySelector('.ant-table-medium')).toBeNull();
  });

  it('shows a failed list as failed (its message once, never "no data"), and Retry loads it again', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ code: 500, message: 'Server error', data: null }), { status: 500 }),
    );
    renderList();
    expect(await screen.findByText('The list could not be loaded')).toBeTruthy();
    expect(document.querySelector('.ant-empty-description')?.textContent).toBe('The list could not be loaded');
    expect(showError).toHaveBeenCalledTimes(1);
    expect(showError).toHaveBeenCalledWith('Server error');
    fetchMock.mockImplementation(async () => ok({ total: 1, rows: [{ id: 1, name: 'Gate', ip: '10.0.0.1' }] }));
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Gate')).toBeTruthy();
    expect(screen.queryByText('The list could not be loaded')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(showError).toHaveBeenCalledTimes(1);
  });

  it('keeps the rows shown when only a refresh fails, and says so once', async () => {
    fetchMock.mockImplementationOnce(async () => ok({ total: 1, rows: [{ id: 1, name: 'Gate', ip: '10.0.0.1' }] }));
    renderList();
    expect(await screen.findByText('Gate')).toBeTruthy();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Network error, please contact the administrator'));
    expect(showError).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Gate')).toBeTruthy();
    expect(screen.queryByText('The list could not be loaded')).toBeNull();
  });

  it('sorts on the server when a sortable header is clicked, from page 1, and clears the sort on the third click', async () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: `Robot ${i + 1}`, ip: `10.0.0.${i + 1}` }));
    fetchMock.mockImplementation(async () => ok({ total: 30, rows }));
    renderList(sortable);
    expect(await screen.findByText('Robot 1')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(lastQuery(fetchMock)).toMatchObject({ index: '2' }));
    expect(lastQuery(fetchMock)).not.toHaveProperty('sortBy');

    const name = () => screen.getByRole('columnheader', { name: /Name/ });
    fireEvent.click(name());
    await waitFor(() =>
      expect(lastQuery(fetchMock)).toEqual({ index: '1', size: '10', sortBy: 'name', sortOrder: 'ascend' }),
    );
    await waitFor(() => expect(name().getAttribute('aria-sort')).toBe('ascending'));
    fireEvent.click(name());
    await waitFor(() =>
      expect(lastQuery(fetchMock)).toMatchObject({ index: '1', sortBy: 'name', sortOrder: 'descend' }),
    );
    await waitFor(() => expect(name().getAttribute('aria-sort')).toBe('descending'));
    // The third click clears the sort: page 1 in the list's own order (already loaded, so from the cache).
    const before = fetchMock.mock.calls.length;
    fireEvent.click(name());
    await waitFor(() => expect(name().getAttribute('aria-sort')).toBeNull());
    for (const call of fetchMock.mock.calls.slice(before)) {
      expect(new URL(String(call[0]), 'http://console.test').searchParams.has('sortBy')).toBe(false);
    }
    expect(screen.getByTitle('1').className).toContain('ant-pagination-item-active');

    // A column the server does not sort offers nothing to click.
    const ip = screen.getByRole('columnheader', { name: 'IP address' });
    expect(ip.getAttribute('aria-sort')).toBeNull();
    expect(ip.querySelector('.ant-table-column-sorters')).toBeNull();
  });

  it("keeps the header row in view below the layout's top bars", async () => {
    fetchMock.mockImplementation(async () => ok({ total: 1, rows: [{ id: 1, name: 'Gate', ip: '10.0.0.1' }] }));
    const { container } = renderList(sortable, 96);
    expect(await screen.findByText('Gate')).toBeTruthy();
    const holder = container.querySelector<HTMLElement>('.ant-table-sticky-holder');
    expect(holder).not.toBeNull();
    expect(holder!.style.top).toBe('96px');
    expect(holder!.querySelector('thead')?.textContent).toContain('Name');
    // Still scrolls sideways inside its card.
    expect(container.querySelector('.ant-table-scroll-horizontal')).not.toBeNull();
  });
});
