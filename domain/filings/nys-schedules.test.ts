/**
 * Golden tests of the NYS BOE schedules A, B, C and F: a small book → the exact rows, written by hand from the
 * documented layout (nys-schedule-layout.ts: NY Election Law §14-102(1) and the BOE's disclosure data fields),
 * not copied from our output; and the one table that sends our contributor types to their schedule.
 */
import { describe, expect, it } from 'vitest';
import { CONTRIBUTOR_TYPES, EXPENSE_PAYMENT_METHODS, EXPENSE_PURPOSES, NATURAL_PERSON_TYPES, PAYMENT_METHODS } from '../donor-book/enums';
import type { FilingContribution } from './csmart-file';
import { NYS_CONTRIBUTOR_SCHEDULES, NYS_PAYMENT_TYPES, NYS_PURPOSE_CODES, NYS_SCHEDULES, NYS_SCHEDULE_COLUMNS, nysScheduleOf } from './nys-schedule-layout';
import { nysPeriodTotals, nysSchedule, type FilingExpenditure } from './nys-schedules';
import { gift } from './test-fixtures';

// The 32-day pre-primary report of 2026 (nys_boe.2026.pre-primary-32-2026).
const period = { start: '2026-01-12', end: '2026-05-18' };

const book: FilingContribution[] = [
  gift({
    donation_id: 'g-ana',
    date: '2026-03-05',
    amount_cents: 25_000,
    payment_method: 'check',
    check_number: '1042',
    memo: 'Spring "kickoff" event',
    donor: { donor_id: 'ana', name: 'Ana Lopez', address: '12 Court St', apt_unit: '4B', city: 'Brooklyn', state: 'new_york', zip: '11201' },
  }),
  gift({
    donation_id: 'g-llc',
    date: '2026-04-30',
    amount_cents: 100_000,
    payment_method: 'card',
    reference_number: 'CH-9',
    donor: { donor_id: 'llc', name: 'Metro Builders LLC', contributor_type: 'limited_liability_company', address: '5 Main St', city: 'Albany', state: 'new_york', zip: '12207' },
  }),
  gift({
    donation_id: 'g-cand',
    date: '2026-02-01',
    amount_cents: 5_000,
    payment_method: 'cash',
    donor: { donor_id: 'cand', name: 'Maria Ortiz', contributor_type: 'candidate', address: '3 Elm St', city: 'Albany', state: 'new_york', zip: '12208' },
  }),
  gift({
    donation_id: 'g-union',
    date: '2026-03-15',
    amount_cents: 50_000,
    payment_method: 'paypal',
    reference_number: 'PAY-77',
    donor: { donor_id: 'union', name: '  Painters   Union Local 5 ', contributor_type: 'labor_unions', address: '9 Hall Pl', city: 'Troy', state: 'new_york', zip: '12180' },
  }),
  gift({
    donation_id: 'g-jean',
    date: '2026-02-10',
    amount_cents: 2_550,
    payment_method: 'zelle',
    memo: 'line1\nline2',
    donor: { donor_id: 'jean', name: 'Jean Dupont', country: 'FR', address: '1 Rue de Rivoli', city: 'Paris', state: null, zip: '75001' },
  }),
  // The day before the period: in no schedule of it.
  gift({ donation_id: 'g-early', date: '2026-01-11', amount_cents: 9_900, donor: { donor_id: 'ana', name: 'Ana Lopez' } }),
];

const expense = (over: Partial<FilingExpenditure> & Pick<FilingExpenditure, 'expense_id'>): FilingExpenditure => ({
  date: '2026-02-02',
  amount_cents: 1_000,
  payee: 'Payee',
  purpose: 'office',
  purpose_details: null,
  payment_method: 'check',
  reference_number: null,
  memo: null,
  ...over,
});

const expenditures: FilingExpenditure[] = [
  expense({ expense_id: 'e1', payee: 'Print Shop Inc', amount_cents: 125_000, purpose: 'campaign_literature', payment_method: 'check', reference_number: '3001', memo: 'not a column' }),
  expense({ expense_id: 'e0', payee: 'First Bank', amount_cents: 1_200, purpose: 'bank_fees', payment_method: 'card' }),
  expense({ expense_id: 'e2', date: '2026-03-01', payee: 'Friends of Lee', amount_cents: 50_000, purpose: 'transfer_out', payment_method: 'check', reference_number: '3002' }),
  expense({ expense_id: 'e3', date: '2026-04-01', payee: 'Door Coach', amount_cents: 30_000, purpose: 'other', purpose_details: 'Door knocking training', payment_method: 'bank_transfer' }),
  expense({ expense_id: 'e4', date: '2026-05-19', payee: 'After the period', amount_cents: 7_000 }),
];

const keys = (schedule: (typeof NYS_SCHEDULES)[number]) => NYS_SCHEDULE_COLUMNS[schedule].map((c) => c.key);

describe('NYS BOE schedules: golden rows', () => {
  it('schedule A: individuals (the candidate too), in date order, with their type, address, payment and explanation', () => {
    const a = nysSchedule('A', period, book, expenditures);
    expect(keys('A')).toEqual(['date', 'contributor_type', 'name', 'address', 'city', 'state', 'zip', 'country', 'payment_type', 'pay_number', 'amount_cents', 'explanation']);
    expect(a.rows).toEqual([
      {
        row_id: 'g-cand',
        date: '2026-02-01',
        contributor_type: 'Candidate/Candidate Spouse',
        name: 'Maria Ortiz',
        address: '3 Elm St',
        city: 'Albany',
        state: 'NY',
        zip: '12208',
        country: 'US',
        payment_type: 'Cash',
        pay_number: '',
        amount_cents: 5_000,
        explanation: '',
      },
      {
        row_id: 'g-jean',
        date: '2026-02-10',
        contributor_type: 'Individual',
        name: 'Jean Dupont',
        address: '1 Rue de Rivoli',
        city: 'Paris',
        state: '',
        zip: '75001',
        country: 'FR',
        payment_type: 'Other',
        pay_number: '',
        amount_cents: 2_550,
        explanation: 'line1 line2',
      },
      {
        row_id: 'g-ana',
        date: '2026-03-05',
        contributor_type: 'Individual',
        name: 'Ana Lopez',
        address: '12 Court St, 4B',
        city: 'Brooklyn',
        state: 'NY',
        zip: '11201',
        country: 'US',
        payment_type: 'Check',
        pay_number: '1042',
        amount_cents: 25_000,
        explanation: 'Spring "kickoff" event',
      },
    ]);
    expect(a.totals).toEqual({ amount_cents: 32_550 });
  });

  it('schedule B: corporations: the book has no corporation type, so no row and a $0.00 total', () => {
    expect(keys('B')).toEqual(keys('A'));
    expect(nysSchedule('B', period, book, expenditures)).toEqual({ schedule: 'B', rows: [], totals: { amount_cents: 0 } });
  });

  it('schedule C: the union and the LLC, with the committee column left empty', () => {
    const c = nysSchedule('C', period, book, expenditures);
    expect(keys('C')).toEqual(['date', 'contributor_type', 'name', 'political_unit', 'address', 'city', 'state', 'zip', 'country', 'payment_type', 'pay_number', 'amount_cents', 'explanation']);
    expect(c.rows).toEqual([
      {
        row_id: 'g-union',
        date: '2026-03-15',
        contributor_type: 'Union',
        name: 'Painters Union Local 5',
        political_unit: '',
        address: '9 Hall Pl',
        city: 'Troy',
        state: 'NY',
        zip: '12180',
        country: 'US',
        payment_type: 'Online Processor',
        pay_number: 'PAY-77',
        amount_cents: 50_000,
        explanation: '',
      },
      {
        row_id: 'g-llc',
        date: '2026-04-30',
        contributor_type: 'Professional/Limited Liability Company (PLLC/LLC)',
        name: 'Metro Builders LLC',
        political_unit: '',
        address: '5 Main St',
        city: 'Albany',
        state: 'NY',
        zip: '12207',
        country: 'US',
        payment_type: 'Credit Card',
        pay_number: 'CH-9',
        amount_cents: 100_000,
        explanation: '',
      },
    ]);
    expect(c.totals).toEqual({ amount_cents: 150_000 });
  });

  it('schedule F: the period\'s payments in date order (ties by id), without the transfer out (schedule H)', () => {
    const f = nysSchedule('F', period, book, expenditures);
    expect(keys('F')).toEqual(['date', 'name', 'payee_address', 'purpose', 'purpose_code', 'explanation', 'payment_type', 'pay_number', 'amount_cents']);
    expect(f.rows).toEqual([
      { row_id: 'e0', date: '2026-02-02', name: 'First Bank', payee_address: '', purpose: 'Bank fees', purpose_code: 'BKFEE', explanation: '', payment_type: 'Credit Card', pay_number: '', amount_cents: 1_200 },
      { row_id: 'e1', date: '2026-02-02', name: 'Print Shop Inc', payee_address: '', purpose: 'Campaign literature', purpose_code: 'LITER', explanation: '', payment_type: 'Check', pay_number: '3001', amount_cents: 125_000 },
      {
        row_id: 'e3',
        date: '2026-04-01',
        name: 'Door Coach',
        payee_address: '',
        purpose: 'Other (explanation required)',
        purpose_code: 'OTHER',
        explanation: 'Door knocking training',
        payment_type: 'Wire Transfer',
        pay_number: '',
        amount_cents: 30_000,
      },
    ]);
    expect(f.totals).toEqual({ amount_cents: 156_200 });
  });

  it("the period's totals of the four schedules (no grand total: receipts and payments do not add up)", () => {
    const totals = nysPeriodTotals('32-day pre-primary 2026', period, book, expenditures);
    expect(totals.title).toBe('Period totals: 32-day pre-primary 2026');
    expect(totals.rows.map((r) => [r.schedule, r.items, r.amount_cents])).toEqual([
      ['A: Monetary Contributions Received From Individuals & Partnerships', 3, 32_550],
      ['B: Monetary Contributions Received From Corporations', 0, 0],
      ['C: Monetary Contributions Received From All Other Contributors', 2, 150_000],
      ['F: Expenditures/Payments', 3, 156_200],
    ]);
    expect(totals.columns.some((c) => c.total)).toBe(false);
  });

  it('an empty period gives empty schedules', () => {
    for (const schedule of NYS_SCHEDULES) expect(nysSchedule(schedule, { start: '2030-01-01', end: '2030-06-30' }, book, expenditures).rows).toEqual([]);
  });
});

describe('NYS BOE: the contributor type → schedule table', () => {
  it('sends every contributor type to one schedule: natural persons to A, every other type to C, none to B', () => {
    expect(Object.keys(NYS_CONTRIBUTOR_SCHEDULES).sort()).toEqual([...CONTRIBUTOR_TYPES].sort());
    expect(CONTRIBUTOR_TYPES.map((t) => [t, nysScheduleOf(t)])).toEqual([
      ['individual', 'A'],
      ['candidate', 'A'],
      ['candidates_spouse', 'A'],
      ['candidates_family', 'A'],
      ['candidate_committee', 'C'],
      ['party_committee', 'C'],
      ['political_action_committee', 'C'],
      ['labor_unions', 'C'],
      ['limited_liability_company', 'C'],
    ]);
    for (const t of NATURAL_PERSON_TYPES) expect(nysScheduleOf(t)).toBe('A');
  });

  it('claims as confirmed only what was seen in the BOE data: "Individual" and "Check"', () => {
    expect(Object.entries(NYS_CONTRIBUTOR_SCHEDULES).filter(([, v]) => v.confirmed).map(([k]) => k)).toEqual(['individual']);
    expect(Object.entries(NYS_PAYMENT_TYPES).filter(([, v]) => v.confirmed).map(([k]) => k)).toEqual(['check']);
    for (const schedule of NYS_SCHEDULES) expect(NYS_SCHEDULE_COLUMNS[schedule].filter((c) => c.key === 'purpose_code').every((c) => !c.confirmed)).toBe(true);
  });

  it('maps every payment method of donations and expenses, and every expense purpose (a transfer out to none: schedule H)', () => {
    for (const m of [...PAYMENT_METHODS, ...EXPENSE_PAYMENT_METHODS]) expect(NYS_PAYMENT_TYPES[m].code, m).toMatch(/^[A-Z]/);
    expect(Object.keys(NYS_PURPOSE_CODES).sort()).toEqual([...EXPENSE_PURPOSES].sort());
    expect(EXPENSE_PURPOSES.filter((p) => NYS_PURPOSE_CODES[p] === null)).toEqual(['transfer_out']);
  });
});
