import { useContext, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button, Empty, Flex, Table, Typography } from 'antd';
import type { TableColumnType, TableProps, TableRef } from 'antd';
import type { SortRequest } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { StickyTopContext } from './sticky-top';
import { ListFrameContext, TableSettings, useHiddenColumns, useIsFullscreen, type Density } from './table-settings';
import './list-table.css';

/**
 * A column of a list: an antd column, plus how wide a cut (ellipsis) cell may grow. `sorter: true`
 * makes it sortable by the server under its key (its `key`, else its `dataIndex`), which must be
 * one of the sort columns of the list's contract.
 */
export type ListColumn<R> = TableColumnType<R> & {
  /** With `ellipsis`: the widest the cell grows before its text is cut and shown whole in a tooltip. */
  maxWidth?: number;
};

export type ListTableProps<R> = Omit<TableProps<R>, 'columns' | 'scroll' | 'tableLayout' | 'size' | 'sticky'> & {
  columns: ListColumn<R>[];
  /** Names the list where the user's column choice is remembered; none, it is not remembered. */
  listId?: string;
  /** Loads the list again (the refresh icon, and the retry of a failed list). */
  onRefresh?: () => void;
  /** The list could not be loaded: the table says so and offers a retry instead of "no data". */
  failed?: boolean;
  /** The density the table opens with. */
  size?: Density;
  /** The server's sort of the list: its column shows the sort, the others none. */
  sort?: SortRequest;
  /** A sortable column's header was clicked: the new sort (empty when cleared). */
  onSortChange?: (sort: SortRequest) => void;
};

/** The name of a column in the column settings. */
export function columnKey<R>(column: ListColumn<R>, index: number): string {
  if (column.key !== undefined) return String(column.key);
  const path = 'dataIndex' in column ? column.dataIndex : undefined;
  if (Array.isArray(path)) return path.join('.');
  return path === undefined ? String(index) : String(path);
}

/** A cut cell never shows fewer characters than this, whatever the language. */
const ELLIPSIS_MAX_WIDTH = 320;

/** The cell of an `ellipsis` column: one line, at most `maxWidth` wide, whole in a tooltip when cut. */
function Cut({ maxWidth, children }: { maxWidth: number; children: ReactNode }) {
  return (
    <Typography.Text className="list-table__cut" style={{ maxWidth }} ellipsis={{ tooltip: { placement: 'topLeft' } }}>
      {children}
    </Typography.Text>
  );
}

/** Applies the kit's layout to one column (see `ListTable`). */
export function fitColumn<R>(column: ListColumn<R>): TableColumnType<R> {
  const { maxWidth, ellipsis, ...rest } = column;
  if (column.key === 'actions' || column.fixed === 'right') {
    // Sized by its links, so no translation of "Delete" is ever clipped, and always in view.
    return { ...rest, width: undefined, fixed: 'right', className: 'list-table__actions' };
  }
  if (!ellipsis) return rest;
  const limit = maxWidth ?? Math.max(Number(column.width) || 0, ELLIPSIS_MAX_WIDTH);
  const render = column.render;
  return {
    ...rest,
    render: (value: unknown, row: R, index: number) => {
      const content = (render ? render(value, row, index) : value) as ReactNode;
      return content === null || content === undefined || content === '' ? (
        content
      ) : (
        <Cut maxWidth={limit}>{content}</Cut>
      );
    },
  } as TableColumnType<R>;
}

/** A sortable column shows the list's sort: its own direction when it is the sorted one, else none. */
function withSort<R>(column: ListColumn<R>, key: string, sort: SortRequest | undefined): ListColumn<R> {
  if (!column.sorter || sort === undefined) return column;
  return { ...column, key, sortOrder: sort.sortBy === key ? (sort.sortOrder ?? 'ascend') : null };
}

/**
 * The table of every list screen. Columns take the width their content needs (a column's `width`
 * is its least width), long texts are cut at `maxWidth` with a tooltip, the action column stays in
 * view on the right, and a table wider than its card scrolls sideways inside the card, so the page
 * itself is never wider than the window. The header row stays in view below the layout's top bars
 * while the page scrolls (at the top of the card when it is full screen), and a click on a sortable
 * header asks the server for that order.
 */
export function ListTable<R extends object>(tableProps: ListTableProps<R>) {
  const {
    columns,
    listId,
    onRefresh,
    failed,
    size = 'medium',
    className,
    locale,
    loading,
    sort,
    onSortChange,
    onChange,
    ...props
  } = tableProps;
  const { t } = useTranslation('common');
  const frame = useContext(ListFrameContext);
  const stickyTop = useContext(StickyTopContext);
  const fullscreen = useIsFullscreen(frame?.frame ?? null);
  const [density, setDensity] = useState<Density>(size);
  const { hidden, save } = useHiddenColumns(listId);
  const keyed = columns.map((column, index) => ({ key: columnKey(column, index), column }));
  const sorted = onSortChange ? (sort ?? {}) : undefined;
  const fitted = useMemo(
    () =>
      keyed
        .filter(({ key }) => !hidden.includes(key))
        .map(({ key, column }) => fitColumn(withSort(column, key, sorted))),
    // `keyed` follows `columns`, `sorted` follows `sort`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [columns, hidden, sorted?.sortBy, sorted?.sortOrder],
  );
  // Full screen, the card scrolls itself and nothing of the layout is above it.
  const fullscreenFrame = fullscreen ? (frame?.frame ?? null) : null;
  const sticky = useMemo(
    () => (fullscreenFrame ? { offsetHeader: 0, getContainer: () => fullscreenFrame } : { offsetHeader: stickyTop }),
    [fullscreenFrame, stickyTop],
  );
  // A table wider than its card scrolls inside it: its scrolling box is a named region Tab reaches,
  // so the arrow keys scroll it without a mouse (antd renders that box; it has no prop for this).
  const tableRef = useRef<TableRef>(null);
  const regionName = t('list.scrollRegion');
  useLayoutEffect(() => {
    const boxes = tableRef.current?.nativeElement?.querySelectorAll<HTMLElement>('.ant-table-body, .ant-table-content');
    for (const box of Array.from(boxes ?? [])) {
      box.tabIndex = 0;
      box.setAttribute('role', 'region');
      box.setAttribute('aria-label', regionName);
    }
  });
  const handleChange: TableProps<R>['onChange'] = (pagination, filters, sorter, extra) => {
    onChange?.(pagination, filters, sorter, extra);
    if (extra.action !== 'sort' || !onSortChange) return;
    const first = Array.isArray(sorter) ? sorter[0] : sorter;
    onSortChange(
      first?.order && first.columnKey !== undefined ? { sortBy: String(first.columnKey), sortOrder: first.order } : {},
    );
  };
  const settings = (
    <TableSettings
      columns={keyed.map(({ key, column }) => ({ key, title: column.title as ReactNode }))}
      hidden={hidden}
      onHiddenChange={save}
      density={density}
      onDensityChange={setDensity}
      onRefresh={onRefresh}
      refreshing={Boolean(loading)}
      frame={frame?.frame ?? null}
    />
  );
  const emptyText = failed ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.loadFailed')}>
      {onRefresh ? (
        <Button type="primary" onClick={onRefresh}>
          {t('list.retry')}
        </Button>
      ) : null}
    </Empty>
  ) : (
    locale?.emptyText
  );
  return (
    <>
      {frame?.slot ? (
        createPortal(settings, frame.slot)
      ) : (
        <Flex justify="end" className="list-table__settings">
          {settings}
        </Flex>
      )}
      <Table<R>
        {...props}
        ref={tableRef}
        loading={loading}
        locale={{ ...locale, emptyText }}
        size={density}
        className={className ? `list-table ${className}` : 'list-table'}
        columns={fitted}
        tableLayout="auto"
        scroll={{ x: 'max-content' }}
        sticky={sticky}
        onChange={handleChange}
      />
    </>
  );
}
