/**
 * Pledge arithmetic (SPEC §3): status, remaining amount, instalment schedule and the next payment
 * a donor owes. Money is integer cents; dates are 'YYYY-MM-DD' strings (compared as text, which
 * orders ISO dates correctly). Pure: no React, no Node.
 */
import type { PledgeStatus } from './enums';

export interface PledgeAmounts {
  commitment_amount_cents: number;
  /** Net of refunds, what was paid towards this pledge. */
  paid_cents: number;
  written_off: boolean;
}

export interface InstalmentInput {
  due_date: string;
  amount_cents: number;
}

export interface PledgeSchedule extends PledgeAmounts {
  commitment_date: string;
  instalments: readonly InstalmentInput[];
}

export interface NextPayment {
  /** Due date of the oldest payment still open (may be in the past: overdue). */
  next_payment_date: string | null;
  /** What is due by that date: every uncovered amount due up to it (or up to today when overdue). */
  amount_due_cents: number;
}

/** open = nothing paid, partly_paid, paid = paid ≥ commitment; written_off wins over everything. */
export function pledgeStatus(p: PledgeAmounts): PledgeStatus {
  if (p.written_off) return 'written_off';
  if (p.paid_cents >= p.commitment_amount_cents) return 'paid';
  if (p.paid_cents <= 0) return 'open';
  return 'partly_paid';
}

/** What is still owed: 0 when written off, never below 0. */
export function pledgeRemainingCents(p: PledgeAmounts): number {
  if (p.written_off) return 0;
  return Math.max(0, p.commitment_amount_cents - Math.max(0, p.paid_cents));
}

/** Sum of the instalment amounts, cents. */
export function instalmentsTotalCents(instalments: readonly Pick<InstalmentInput, 'amount_cents'>[]): number {
  return instalments.reduce((sum, i) => sum + i.amount_cents, 0);
}

/** An instalment schedule is valid when empty (one payment) or when it adds up to the commitment exactly. */
export function instalmentsMatchCommitment(
  instalments: readonly Pick<InstalmentInput, 'amount_cents'>[],
  commitmentAmountCents: number,
): boolean {
  return instalments.length === 0 || instalmentsTotalCents(instalments) === commitmentAmountCents;
}

/** Instalments in due-date order (stable for equal dates). */
function sortedInstalments(instalments: readonly InstalmentInput[]): InstalmentInput[] {
  return instalments
    .map((inst, index) => ({ inst, index }))
    .sort((a, b) => (a.inst.due_date < b.inst.due_date ? -1 : a.inst.due_date > b.inst.due_date ? 1 : a.index - b.index))
    .map((x) => x.inst);
}

/**
 * The next payment of a pledge, or null when nothing remains (paid or written off).
 *
 * Without instalments: the commitment date and the remaining amount.
 * With instalments: what was paid is applied to the instalments in date order; the next payment is
 * the first instalment not fully covered, and the amount due is its uncovered part. When that
 * instalment is overdue (due before `today`), the amount due is everything uncovered that falls due
 * up to and including `today` (all overdue instalments and any due today), dated at the oldest one.
 * The amount due never exceeds the pledge's remaining amount (e.g. a schedule that no longer adds up).
 */
export function nextPayment(p: PledgeSchedule, today: string): NextPayment | null {
  const remaining = pledgeRemainingCents(p);
  if (remaining <= 0) return null;
  if (p.instalments.length === 0) {
    return { next_payment_date: p.commitment_date || null, amount_due_cents: remaining };
  }

  let paidLeft = Math.max(0, p.paid_cents);
  const open: { due_date: string; uncovered_cents: number }[] = [];
  for (const inst of sortedInstalments(p.instalments)) {
    const covered = Math.min(paidLeft, Math.max(0, inst.amount_cents));
    paidLeft -= covered;
    const uncovered = Math.max(0, inst.amount_cents) - covered;
    if (uncovered > 0) open.push({ due_date: inst.due_date, uncovered_cents: uncovered });
  }
  const first = open[0];
  if (!first) {
    // The schedule is covered but the commitment is not (schedule smaller than the commitment).
    return { next_payment_date: p.commitment_date || null, amount_due_cents: remaining };
  }
  let due = first.uncovered_cents;
  if (first.due_date < today) {
    due = open.filter((o) => o.due_date <= today).reduce((sum, o) => sum + o.uncovered_cents, 0);
  }
  return { next_payment_date: first.due_date, amount_due_cents: Math.min(due, remaining) };
}
