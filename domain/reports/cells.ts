/**
 * A report cell as people read it, the same on the report page and in the report files (CSV, XLSX,
 * PDF): money '$1,234.56' / '-$12.00', dates 'DD-MM-YYYY', counts '1,234', phones '(718) 555-0102',
 * '' for nothing. Pure: no React, no Node.
 */
import { formatPhone } from '../phone';
import type { ReportCell, ReportColumn } from './api-contract';

/** '$1,234.56' / '-$12.00' (integer cents; a fraction of a cent is rounded). */
export function moneyText(cents: number): string {
  const abs = Math.abs(Math.round(cents));
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${cents < 0 ? '-' : ''}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** 'YYYY-MM-DD' → 'DD-MM-YYYY'. */
export function dayText(iso: string): string {
  return `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
}

/** A cell as people read it ('' for nothing). */
export function cellText(column: Pick<ReportColumn, 'kind'>, value: ReportCell | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  switch (column.kind) {
    case 'money':
      return moneyText(Number(value));
    case 'date':
      return dayText(String(value));
    case 'count':
      return Number(value).toLocaleString('en-US');
    case 'phone':
      return formatPhone(String(value));
    default:
      return String(value);
  }
}
