import dayjs from 'dayjs';
import { DATE_DISPLAY_FORMAT } from '../../config/constants';

/** A timestamp as the history shows it, local time: DD-MM-YYYY HH:mm ('' when unreadable). */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format(`${DATE_DISPLAY_FORMAT} HH:mm`) : '';
}
