import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SortHeader } from './sort-header';
import styles from './data-table.module.css';
import '../../lib/staff-catalogue';

export interface DataTableColumn<Row> {
  /** Unique per table. */
  id: string;
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  /** 'end' right-aligns with tabular figures: use it for amounts. */
  align?: 'start' | 'end' | 'center';
  /** The server sort field: makes the header a sort button. */
  sortKey?: string;
  /** The first click sorts descending (amounts, dates). */
  descendingFirst?: boolean;
  /** The cell is the row's header (th scope=row), e.g. the name. */
  rowHeader?: boolean;
  /** CSS width of the column, e.g. '12rem'. */
  width?: string;
  /** Keep the cell on one line (dates, short codes). */
  nowrap?: boolean;
}

export interface DataTableProps<Row> {
  /** The table's accessible name (a visually hidden caption unless captionVisible). */
  caption: string;
  captionVisible?: boolean;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** A request is under way: a loading row when empty, dimmed rows and aria-busy otherwise. */
  loading?: boolean;
  /** The list could not load: shown in a row (role alert) instead of the empty state. */
  error?: ReactNode;
  /** Current server sort: 'field' or '-field'. */
  sort?: string;
  onSortChange?: (sort: string) => void;
  /** The empty state: a sentence and a call to action (default 'Nothing to show'). */
  empty?: ReactNode;
  rowClassName?: (row: Row) => string | undefined;
  /** Rows of a tfoot, e.g. totals (use <tr><td>…). */
  footer?: ReactNode;
  /** CSS max-height of the scroll area (the header sticks). Default: no limit. */
  maxHeight?: string;
  /**
   * A table wider than the page by design (a report's many columns) scrolls sideways inside its
   * frame: the frame is then a labelled, focusable region, so arrow keys scroll it. Without it a
   * table is expected to fit (the every-route suite reports any cell cut off).
   */
  scrollsSideways?: boolean;
}

/**
 * A dense, readable table for server-paged lists (ARCHITECTURE §9): sticky header, row hover,
 * right-aligned amounts (`align: 'end'`), sortable headers (aria-sort, keyboard), an empty state
 * with a call to action, a loading state. Paging is a separate <Pager> under it.
 *
 * ```tsx
 * <DataTable caption="Donors" rows={data.donor_list} rowKey={(d) => d.donor_id} sort={sort} onSortChange={setSort}
 *   columns={[{ id: 'name', header: 'Name', sortKey: 'name', rowHeader: true, cell: (d) => d.name },
 *             { id: 'paid', header: 'Paid', align: 'end', sortKey: 'paid_cents', descendingFirst: true, cell: (d) => formatCents(d.paid_cents) }]}
 *   empty={<EmptyState text="No donors yet" action={<button>Add your first donor</button>} />} />
 * ```
 */
export function DataTable<Row>({
  caption,
  captionVisible = false,
  columns,
  rows,
  rowKey,
  loading = false,
  error,
  sort,
  onSortChange,
  empty,
  rowClassName,
  footer,
  maxHeight,
  scrollsSideways = false,
}: DataTableProps<Row>) {
  const { t } = useTranslation();
  const showEmpty = !loading && rows.length === 0;
  return (
    <div
      className={styles.wrap}
      style={maxHeight ? { maxHeight } : undefined}
      aria-busy={loading || undefined}
      {...(scrollsSideways ? { role: 'region', 'aria-label': caption, tabIndex: 0, 'data-scrolls-sideways': '' } : {})}
    >
      <table className={`${styles.table} ${loading && rows.length > 0 ? styles.stale : ''}`}>
        <caption className={captionVisible ? styles.caption : 'visually-hidden'}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) =>
              column.sortKey && onSortChange ? (
                <SortHeader
                  key={column.id}
                  sortKey={column.sortKey}
                  sort={sort}
                  onSortChange={onSortChange}
                  descendingFirst={column.descendingFirst}
                  align={column.align}
                >
                  {column.header}
                </SortHeader>
              ) : (
                <th key={column.id} scope="col" className={styles[column.align ?? 'start']} style={column.width ? { width: column.width } : undefined}>
                  {column.header}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row)} className={rowClassName?.(row)}>
              {columns.map((column) => {
                const className = [styles[column.align ?? 'start'], column.nowrap ? styles.nowrap : ''].filter(Boolean).join(' ');
                return column.rowHeader ? (
                  <th key={column.id} scope="row" className={`${className} ${styles.rowHeader}`}>
                    {column.cell(row, index)}
                  </th>
                ) : (
                  <td key={column.id} className={className}>
                    {column.cell(row, index)}
                  </td>
                );
              })}
            </tr>
          ))}
          {loading && rows.length === 0 && (
            <tr>
              <td colSpan={columns.length} className={styles.state}>
                <span className={styles.spinner} aria-hidden="true" />
                <span role="status">{t('table.loading')}</span>
              </td>
            </tr>
          )}
          {error ? (
            <tr>
              <td colSpan={columns.length} className={`${styles.state} ${styles.error}`} role="alert">
                {error}
              </td>
            </tr>
          ) : (
            showEmpty && (
              <tr>
                <td colSpan={columns.length} className={styles.state}>
                  {empty ?? t('table.empty')}
                </td>
              </tr>
            )
          )}
        </tbody>
        {footer && <tfoot>{footer}</tfoot>}
      </table>
    </div>
  );
}

interface EmptyStateProps {
  /** One sentence: what is missing. */
  text: ReactNode;
  /** The call to action (a button or link), e.g. 'Add your first donor'. */
  action?: ReactNode;
}

/** The body of a DataTable's empty state: a sentence and a call to action. */
export function EmptyState({ text, action }: EmptyStateProps) {
  return (
    <div className={styles.empty}>
      <p className={styles.emptyText}>{text}</p>
      {action}
    </div>
  );
}
