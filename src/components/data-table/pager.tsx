import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import buttonStyles from '../button.module.css';
import styles from './data-table.module.css';
import '../../lib/staff-catalogue';

export const DEFAULT_PAGE_SIZES = [10, 25, 50, 100] as const;

/** A `limit` URL parameter as one of DEFAULT_PAGE_SIZES (the sizes a Pager offers), else `fallback`. */
export function pageSizeOf(value: string | null, fallback: number): number {
  const size = Number(value);
  return (DEFAULT_PAGE_SIZES as readonly number[]).includes(size) ? size : fallback;
}

export interface PagerProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** When given, a 'Rows per page' select is shown (changing it should go back to page 1). */
  onPageSizeChange?: (pageSize: number) => void;
  pageSizeOptions?: readonly number[];
  /** While a page loads: buttons are disabled. */
  disabled?: boolean;
  /** Accessible name of the navigation landmark (default 'Pagination'). */
  label?: string;
}

/** Server-side paging under a DataTable: 'Showing 1–25 of 120', rows per page, Previous, 'Page X of Y', Next. */
export function Pager({ page, pageSize, total, onPageChange, onPageSizeChange, pageSizeOptions = DEFAULT_PAGE_SIZES, disabled = false, label }: PagerProps) {
  const { t } = useTranslation();
  const sizeId = useId();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const buttonClass = `${buttonStyles.button} ${buttonStyles.secondary} ${styles.pagerButton}`;
  return (
    <nav className={styles.pager} aria-label={label ?? t('table.pagination')}>
      <span className={styles.pagerCount}>{total === 0 ? t('table.showingNone') : t('table.showing', { first, last, total })}</span>
      <div className={styles.pagerControls}>
        {onPageSizeChange && (
          <label htmlFor={sizeId} className={styles.pageSize}>
            {t('table.pageSize')}
            <select id={sizeId} className={styles.pageSizeSelect} value={pageSize} disabled={disabled} onChange={(e) => onPageSizeChange(Number(e.target.value))}>
              {pageSizeOptions.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
        )}
        <button type="button" className={buttonClass} disabled={disabled || page <= 1} onClick={() => onPageChange(page - 1)}>
          {t('table.previous')}
        </button>
        <span aria-live="polite">{t('table.pageOf', { page, pages })}</span>
        <button type="button" className={buttonClass} disabled={disabled || page >= pages} onClick={() => onPageChange(page + 1)}>
          {t('table.next')}
        </button>
      </div>
    </nav>
  );
}
