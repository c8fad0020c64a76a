import { hasFilters, hasNarrowingFilters, patchReportState, presetDates, presetOf, readReportState, withReportState } from './report-query';

const CYCLE = { start_date: '2026-01-01', end_date: '2029-12-31' };

describe('report URL state', () => {
  it('reads only the report’s own filters and known values, and writes no defaults', () => {
    const state = readReportState('donation', new URLSearchParams('start_date=2029-01-01&end_date=bad&payment_method=cash&purpose=meals&contributor_type=nope&sort=-net_cents&page=3&limit=7'));
    expect(state).toEqual({ start_date: '2029-01-01', end_date: '', filters: { payment_method: 'cash' }, sort: '-net_cents', page: 3, limit: 25 });
    expect(readReportState('donation', new URLSearchParams('sort=address')).sort).toBe('-paying_date');
    expect(withReportState('donation', { ...state, page: 1 }).toString()).toBe('start_date=2029-01-01&payment_method=cash&sort=-net_cents');
  });

  it('keeps each select to its own values, and tells dates from narrowing filters', () => {
    expect(readReportState('due', new URLSearchParams('window=next_90&search=%20okafor%20')).filters).toEqual({ search: 'okafor' });
    expect(readReportState('due', new URLSearchParams('window=next_30')).filters).toEqual({});
    const overdue = readReportState('due', new URLSearchParams('window=overdue'));
    expect(overdue.filters).toEqual({ window: 'overdue' });
    expect(withReportState('due', patchReportState(overdue, { filters: { window: 'next_30' } })).toString()).toBe('');
    expect(readReportState('pledges_receivable', new URLSearchParams('aging=90_plus')).filters).toEqual({ aging: '90_plus' });
    expect(withReportState('due', readReportState('due', new URLSearchParams('sort=due_date&page=1&limit=25'))).toString()).toBe('');
    const datesOnly = readReportState('donation', new URLSearchParams('start_date=2029-01-01'));
    expect([hasFilters(datesOnly), hasNarrowingFilters(datesOnly)]).toEqual([true, false]);
    const searched = readReportState('donation', new URLSearchParams('search=garcia'));
    expect([hasFilters(searched), hasNarrowingFilters(searched)]).toEqual([true, true]);
  });

  it('merges filter changes made one after the other and goes back to page 1', () => {
    const start = readReportState('expense', new URLSearchParams('purpose=meals&page=4'));
    const next = patchReportState(patchReportState(start, { filters: { payment_method: 'check' } }), { start_date: '2029-02-01' });
    expect(next).toMatchObject({ filters: { purpose: 'meals', payment_method: 'check' }, start_date: '2029-02-01', page: 1 });
    expect(patchReportState(next, { filters: { purpose: undefined } }).filters).toEqual({ payment_method: 'check' });
    expect(patchReportState(next, { clearFilters: true, start_date: '' })).toMatchObject({ filters: {}, start_date: '' });
    expect(patchReportState(next, { page: 2 }).page).toBe(2);
  });

  it('computes the date presets and recognises them', () => {
    expect(presetDates('cycle', '2029-03-05', CYCLE)).toEqual(CYCLE);
    expect(presetDates('cycle', '2029-03-05', null)).toBeNull();
    expect(presetDates('year', '2029-03-05', null)).toEqual({ start_date: '2029-01-01', end_date: '2029-12-31' });
    expect(presetDates('last30', '2029-03-05', null)).toEqual({ start_date: '2029-02-04', end_date: '2029-03-05' });
    expect(presetOf({ start_date: '', end_date: '' }, '2029-03-05', CYCLE)).toBe('all');
    expect(presetOf({ start_date: '2026-01-01', end_date: '2029-12-31' }, '2029-03-05', CYCLE)).toBe('cycle');
    expect(presetOf({ start_date: '2029-01-02', end_date: '' }, '2029-03-05', CYCLE)).toBe('');
  });
});
