import { instalmentsMatchCommitment, instalmentsTotalCents, nextPayment, pledgeRemainingCents, pledgeStatus } from './pledges';

const pledge = (commitment: number, paid: number, written_off = false) => ({
  commitment_amount_cents: commitment,
  paid_cents: paid,
  written_off,
});

describe('pledgeStatus', () => {
  it('is open when nothing is paid', () => {
    expect(pledgeStatus(pledge(50_000, 0))).toBe('open');
  });
  it('is partly_paid from 1 cent up to 1 cent short of the commitment', () => {
    expect(pledgeStatus(pledge(50_000, 1))).toBe('partly_paid');
    expect(pledgeStatus(pledge(50_000, 49_999))).toBe('partly_paid');
  });
  it('is paid at exactly the commitment and above it', () => {
    expect(pledgeStatus(pledge(50_000, 50_000))).toBe('paid');
    expect(pledgeStatus(pledge(50_000, 60_000))).toBe('paid');
  });
  it('written_off wins over every other status', () => {
    expect(pledgeStatus(pledge(50_000, 0, true))).toBe('written_off');
    expect(pledgeStatus(pledge(50_000, 20_000, true))).toBe('written_off');
    expect(pledgeStatus(pledge(50_000, 50_000, true))).toBe('written_off');
  });
});

describe('pledgeRemainingCents', () => {
  it('is commitment minus paid, never below 0, and 0 when written off', () => {
    expect(pledgeRemainingCents(pledge(50_000, 0))).toBe(50_000);
    expect(pledgeRemainingCents(pledge(50_000, 12_345))).toBe(37_655);
    expect(pledgeRemainingCents(pledge(50_000, 60_000))).toBe(0);
    expect(pledgeRemainingCents(pledge(50_000, 12_345, true))).toBe(0);
  });
});

describe('instalments', () => {
  const schedule = [
    { due_date: '2025-02-01', amount_cents: 10_000 },
    { due_date: '2025-03-01', amount_cents: 15_050 },
  ];
  it('totals the amounts in exact cents', () => {
    expect(instalmentsTotalCents(schedule)).toBe(25_050);
    expect(instalmentsTotalCents([])).toBe(0);
  });
  it('matches the commitment exactly, and an empty schedule is fine', () => {
    expect(instalmentsMatchCommitment(schedule, 25_050)).toBe(true);
    expect(instalmentsMatchCommitment(schedule, 25_000)).toBe(false);
    expect(instalmentsMatchCommitment([], 25_000)).toBe(true);
  });
});

describe('nextPayment', () => {
  const base = { commitment_date: '2025-01-15', commitment_amount_cents: 30_000, written_off: false };
  const three = [
    { due_date: '2025-03-01', amount_cents: 10_000 },
    { due_date: '2025-01-01', amount_cents: 10_000 },
    { due_date: '2025-02-01', amount_cents: 10_000 },
  ];

  it('is null when the pledge is paid or written off', () => {
    expect(nextPayment({ ...base, instalments: [], paid_cents: 30_000 }, '2025-01-01')).toBeNull();
    expect(nextPayment({ ...base, instalments: three, paid_cents: 30_000 }, '2025-01-01')).toBeNull();
    expect(nextPayment({ ...base, instalments: three, paid_cents: 0, written_off: true }, '2025-01-01')).toBeNull();
  });

  it('without instalments: the commitment date and the remaining amount', () => {
    expect(nextPayment({ ...base, instalments: [], paid_cents: 5_025 }, '2024-12-01')).toEqual({
      next_payment_date: '2025-01-15',
      amount_due_cents: 24_975,
    });
  });

  it('with instalments, nothing paid, not yet due: the first instalment in date order', () => {
    expect(nextPayment({ ...base, instalments: three, paid_cents: 0 }, '2024-12-01')).toEqual({
      next_payment_date: '2025-01-01',
      amount_due_cents: 10_000,
    });
  });

  it('with instalments partly paid: paid covers instalments in date order, due = uncovered part', () => {
    expect(nextPayment({ ...base, instalments: three, paid_cents: 13_000 }, '2024-12-01')).toEqual({
      next_payment_date: '2025-02-01',
      amount_due_cents: 7_000,
    });
  });

  it('overdue: dated at the oldest uncovered instalment, due = everything uncovered up to today', () => {
    expect(nextPayment({ ...base, instalments: three, paid_cents: 4_000 }, '2025-02-15')).toEqual({
      next_payment_date: '2025-01-01',
      amount_due_cents: 16_000,
    });
    // Today equal to a due date counts that instalment as due.
    expect(nextPayment({ ...base, instalments: three, paid_cents: 4_000 }, '2025-03-01')).toEqual({
      next_payment_date: '2025-01-01',
      amount_due_cents: 26_000,
    });
  });

  it('due today (not overdue): only that instalment uncovered part', () => {
    expect(nextPayment({ ...base, instalments: three, paid_cents: 10_000 }, '2025-02-01')).toEqual({
      next_payment_date: '2025-02-01',
      amount_due_cents: 10_000,
    });
  });

  it('a schedule smaller than the commitment falls back to the commitment date for the rest', () => {
    const short = [{ due_date: '2025-01-01', amount_cents: 10_000 }];
    expect(nextPayment({ ...base, instalments: short, paid_cents: 10_000 }, '2025-01-02')).toEqual({
      next_payment_date: '2025-01-15',
      amount_due_cents: 20_000,
    });
  });
});
