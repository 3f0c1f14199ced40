/**
 * The pieces every list screen of the console is built from: a search bar, a paged list query with
 * antd Table props (sorted by the server on its sortable columns), the page frame, a confirmed status switch, an export button, row actions and a
 * form dialog (with its state hook) that shows the server's field messages. Every change goes
 * through a mutation, so its failure is reported once, by the query client. Texts are in the `common` namespace (`list.*`).
 */
export { useListQuery, PAGE_SIZES } from './use-list-query';
export type { ListParams, UseListQueryOptions } from './use-list-query';
export { SearchBar } from './search-bar';
export { ListPage } from './list-page';
export { ExportButton } from './export-button';
export { CreateButton } from './create-button';
export { StatusSwitch } from './status-switch';
export { StatusFilter } from './status-filter';
export { FormModal } from './form-modal';
export { formatTime } from './format';
export { DeleteAction, EditAction, RowActions } from './row-actions';
export { useFormDialog } from './use-form-dialog';
export type { FormDialog } from './use-form-dialog';
export { ListTable, fitColumn } from './list-table';
export { StickyTopContext } from './sticky-top';
export type { ListColumn, ListTableProps } from './list-table';
export { TableSettings, columnsStorageKey } from './table-settings';
export type { Density } from './table-settings';
export { MethodTag, METHOD_COLORS } from './method-tag';
