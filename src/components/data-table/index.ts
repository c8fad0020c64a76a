/** Server-paged tables: DataTable (+ EmptyState), SortHeader, Pager. See data-table.tsx for an example. */
export { DataTable, EmptyState, type DataTableColumn, type DataTableProps } from './data-table';
export { Pager, DEFAULT_PAGE_SIZES, type PagerProps } from './pager';
export { SortHeader, nextSort, sortDirection, type SortDirection } from './sort-header';
