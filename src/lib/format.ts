import dayjs from 'dayjs';
import { DATE_DISPLAY_FORMAT } from '../config/constants';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A wire date as the product shows it (SPEC §9: DD-MM-YYYY).
 * - 'YYYY-MM-DD' (a calendar date) is rearranged as text: no time zone can shift it a day.
 * - An ISO timestamp ('2025-03-04T10:00:00Z') is shown as the local calendar day.
 * - null, undefined, '' or anything unreadable → '' (never 'Invalid Date').
 * Money is formatted by domain/money.ts (`formatCents`), not here.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = DATE_ONLY.exec(value);
  if (match) return `${match[3]}-${match[2]}-${match[1]}`;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format(DATE_DISPLAY_FORMAT) : '';
}
