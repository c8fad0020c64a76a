import dayjs from 'dayjs';

/** Today on this device, 'YYYY-MM-DD'. */
export function todayIso(): string {
  return dayjs().format('YYYY-MM-DD');
}
