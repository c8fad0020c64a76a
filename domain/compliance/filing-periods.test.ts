import { describe, expect, it } from 'vitest';
import {
  addDays,
  filingPeriods,
  findPeriod,
  generalElectionDay,
  periodOfContribution,
  periodOfRefund,
  primaryElectionDay,
  regulatorOf,
  REGULATORS,
} from './filing-periods';

describe('filing periods', () => {
  it('chooses the regulator from the rule set', () => {
    expect(regulatorOf('nyc_cfb')).toBe('nyc_cfb');
    expect(regulatorOf('nys_pcf')).toBe('nys_boe');
    expect(regulatorOf('custom')).toBeNull();
  });

  it('NYC 2029: periodic statements closing January 11 and July 11, due the 15th, from July 2025 to July 2029', () => {
    const periods = filingPeriods('nyc_cfb', 2029);
    expect(periods.map((p) => [p.label, p.start, p.end, p.due])).toEqual([
      ['January 2026 periodic', '2025-07-12', '2026-01-11', '2026-01-15'],
      ['July 2026 periodic', '2026-01-12', '2026-07-11', '2026-07-15'],
      ['January 2027 periodic', '2026-07-12', '2027-01-11', '2027-01-15'],
      ['July 2027 periodic', '2027-01-12', '2027-07-11', '2027-07-15'],
      ['January 2028 periodic', '2027-07-12', '2028-01-11', '2028-01-15'],
      ['July 2028 periodic', '2028-01-12', '2028-07-11', '2028-07-15'],
      ['January 2029 periodic', '2028-07-12', '2029-01-11', '2029-01-15'],
      ['July 2029 periodic', '2029-01-12', '2029-07-11', '2029-07-15'],
    ]);
    // Not this cycle's published calendar: said on every row, with the source.
    expect(periods.every((p) => !p.confirmed && p.source.includes('nyccfb.info'))).toBe(true);
  });

  it('NY election days: fourth Tuesday of June, Tuesday after the first Monday of November', () => {
    expect(primaryElectionDay(2026)).toBe('2026-06-23');
    expect(generalElectionDay(2026)).toBe('2026-11-03');
    // November 1 a Tuesday: the general is the 8th, not the 1st.
    expect(generalElectionDay(2022)).toBe('2022-11-08');
    expect(primaryElectionDay(2022)).toBe('2022-06-28');
  });

  it('NYS 2026: periodic reports, then the pre- and post-election reports placed from the election days', () => {
    const periods = filingPeriods('nys_boe', 2026);
    const byLabel = Object.fromEntries(periods.map((p) => [p.label, p]));
    expect(byLabel['32-day pre-primary 2026']).toMatchObject({ start: '2026-01-12', due: '2026-05-22', end: '2026-05-18' });
    expect(byLabel['11-day pre-primary 2026']).toMatchObject({ start: '2026-05-19', due: '2026-06-12', end: '2026-06-08' });
    expect(byLabel['10-day post-primary 2026']).toMatchObject({ due: '2026-07-03' });
    expect(byLabel['32-day pre-general 2026']).toMatchObject({ due: '2026-10-02' });
    expect(byLabel['11-day pre-general 2026']).toMatchObject({ due: '2026-10-23' });
    expect(byLabel['27-day post-general 2026']).toMatchObject({ due: '2026-11-30', end: '2026-11-26' });
    expect(byLabel['January 2027 periodic']).toMatchObject({ start: '2026-11-27', end: '2027-01-11', due: '2027-01-15' });
    // The periodic reports of the three years before the election year come first.
    expect(periods.slice(0, 7).map((p) => p.label)).toEqual([
      'January 2023 periodic',
      'July 2023 periodic',
      'January 2024 periodic',
      'July 2024 periodic',
      'January 2025 periodic',
      'July 2025 periodic',
      'January 2026 periodic',
    ]);
    expect(periods[0]).toMatchObject({ start: '2022-07-12', end: '2023-01-11', due: '2023-01-15' });
  });

  it.each(REGULATORS)('%s: the periods follow each other without gap or overlap', (regulator) => {
    for (const cycle of [2025, 2026, 2028, 2029]) {
      const periods = filingPeriods(regulator, cycle);
      for (let i = 1; i < periods.length; i++) expect(periods[i]!.start).toBe(addDays(periods[i - 1]!.end, 1));
      for (const p of periods) {
        expect(p.start <= p.end).toBe(true);
        expect(p.end < p.due).toBe(true);
      }
      expect(new Set(periods.map((p) => p.id)).size).toBe(periods.length);
    }
  });

  it('a contribution belongs to the period containing its date, a refund to the period of the refund', () => {
    const periods = filingPeriods('nyc_cfb', 2029);
    // Given on the last day of a period, refunded on the first day of the next.
    expect(periodOfContribution(periods, '2027-01-11')?.label).toBe('January 2027 periodic');
    expect(periodOfContribution(periods, '2027-01-12')?.label).toBe('July 2027 periodic');
    expect(periodOfRefund(periods, '2027-01-12')?.label).toBe('July 2027 periodic');
    // Before the first period or after the last: none.
    expect(periodOfContribution(periods, '2025-07-11')).toBeNull();
    expect(periodOfContribution(periods, '2029-07-12')).toBeNull();
  });

  it('finds a period by id within the cycle', () => {
    expect(findPeriod('nyc_cfb', 2029, 'nyc_cfb.2029.jul-2027')?.end).toBe('2027-07-11');
    expect(findPeriod('nyc_cfb', 2029, 'nyc_cfb.2025.jul-2027')).toBeNull();
  });
});
