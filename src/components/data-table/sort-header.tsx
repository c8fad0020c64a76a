import type { ReactNode } from 'react';
import styles from './data-table.module.css';

export type SortDirection = 'ascending' | 'descending' | 'none';

/** The direction `sort` ('field' or '-field', the server's ListQuery form) gives the column `sortKey`. */
export function sortDirection(sort: string | undefined, sortKey: string): SortDirection {
  if (sort === sortKey) return 'ascending';
  if (sort === `-${sortKey}`) return 'descending';
  return 'none';
}

/** The next sort after clicking `sortKey`: a new column starts ascending (or descending), a sorted one flips. */
export function nextSort(sort: string | undefined, sortKey: string, descendingFirst = false): string {
  const direction = sortDirection(sort, sortKey);
  if (direction === 'ascending') return `-${sortKey}`;
  if (direction === 'descending') return sortKey;
  return descendingFirst ? `-${sortKey}` : sortKey;
}

interface SortHeaderProps {
  children: ReactNode;
  /** The server sort field of this column. */
  sortKey: string;
  /** The current sort, 'field' or '-field'. */
  sort: string | undefined;
  onSortChange: (sort: string) => void;
  descendingFirst?: boolean;
  align?: 'start' | 'end' | 'center';
  className?: string;
}

/**
 * A sortable column header: a `th` with aria-sort holding a real button (Enter and Space sort,
 * focus is visible), an arrow showing the direction.
 */
export function SortHeader({ children, sortKey, sort, onSortChange, descendingFirst = false, align = 'start', className }: SortHeaderProps) {
  const direction = sortDirection(sort, sortKey);
  return (
    <th scope="col" aria-sort={direction} className={[styles[align], className ?? ''].filter(Boolean).join(' ')}>
      <button type="button" className={styles.sortButton} onClick={() => onSortChange(nextSort(sort, sortKey, descendingFirst))}>
        <span>{children}</span>
        <span className={`${styles.sortIcon} ${direction === 'none' ? styles.sortIdle : ''}`} aria-hidden="true">
          {direction === 'descending' ? '▼' : '▲'}
        </span>
      </button>
    </th>
  );
}
