import { useState } from 'react';
import type { CycleInfo } from '../../../domain/donor-book/donors-contract';
import { apiErrorCode } from '../../lib/api-error';
import { apiErrorDetails } from './server-errors';

/** `details` of a 422 OUTSIDE_ELECTION_CYCLE: the campaign's cycle and the one the date falls in (null: none). */
export interface OutsideCycleDetails {
  cycle: string;
  cycle_start: string;
  cycle_end: string;
  counts_toward: string | null;
}

/** The details of an OUTSIDE_ELECTION_CYCLE refusal, or null for any other failure. */
export function outsideCycleDetails(err: unknown): OutsideCycleDetails | null {
  if (apiErrorCode(err) !== 'OUTSIDE_ELECTION_CYCLE') return null;
  const d = apiErrorDetails(err);
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    cycle: text(d.cycle),
    cycle_start: text(d.cycle_start),
    cycle_end: text(d.cycle_end),
    counts_toward: typeof d.counts_toward === 'string' && d.counts_toward !== '' ? d.counts_toward : null,
  };
}

/** Whether a 'YYYY-MM-DD' date falls outside the campaign's cycle (false when either is unknown). */
export function isOutsideCycle(date: string, cycle: CycleInfo | null | undefined): boolean {
  if (!cycle || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  return date < cycle.start_date || date > cycle.end_date;
}

/**
 * A form's OUTSIDE_ELECTION_CYCLE refusal, tied to the date it was given for: `take` keeps it (true
 * when the failure was one), `outside` shows it only while the date field still holds that date, so
 * "Record anyway" never confirms a date the person has not seen the warning for.
 */
export function useOutsideCycle(currentDate: string) {
  const [refusal, setRefusal] = useState<{ date: string; details: OutsideCycleDetails } | null>(null);
  const take = (err: unknown, date: string): boolean => {
    const details = outsideCycleDetails(err);
    if (details) setRefusal({ date, details });
    return details !== null;
  };
  return {
    outside: refusal && refusal.date === currentDate ? refusal.details : null,
    take,
    clear: () => setRefusal(null),
  };
}
