import type { NextPayment as NextPaymentAnswer } from '../../../domain/donor-book/follow-up-contract';
import type { PledgeRow } from '../../../domain/donor-book/pledges-contract';
import { nextPayment, pledgeRemainingCents, pledgeStatus } from '../../../domain/donor-book/pledges';
import type { PledgeRecord } from './pledge-repository';

/** The pledge fields the schedule arithmetic reads. */
export type PledgeScheduleFields = Pick<PledgeRecord, 'id' | 'commitmentDate' | 'commitmentAmountCents' | 'paidCents' | 'writtenOffAt' | 'instalments'>;

export function pledgeAmountsOf(row: Pick<PledgeRecord, 'commitmentAmountCents' | 'paidCents' | 'writtenOffAt'>) {
  return { commitment_amount_cents: row.commitmentAmountCents, paid_cents: row.paidCents, written_off: row.writtenOffAt !== null };
}

export function pledgeScheduleOf(row: PledgeScheduleFields) {
  return { ...pledgeAmountsOf(row), commitment_date: row.commitmentDate, instalments: row.instalments };
}

/** `today`: 'YYYY-MM-DD' of the app clock (the next payment of an overdue schedule adds up what is due). */
export function toPledgeRow(row: PledgeRecord, donorName: string, today: string): PledgeRow {
  const amounts = pledgeAmountsOf(row);
  return {
    pledge_id: row.id,
    donor_id: row.donorId,
    donor_name: donorName,
    commitment_date: row.commitmentDate,
    commitment_amount_cents: row.commitmentAmountCents,
    recipient: row.recipient,
    instalments: row.instalments,
    note: row.note,
    paid_cents: row.paidCents,
    remaining_cents: pledgeRemainingCents(amounts),
    status: pledgeStatus(amounts),
    written_off_at: row.writtenOffAt ? row.writtenOffAt.toISOString() : null,
    write_off_reason: row.writeOffReason,
    next_payment_date: nextPayment(pledgeScheduleOf(row), today)?.next_payment_date ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of a pledge. */
export function pledgeSnapshot(row: PledgeRecord): Record<string, unknown> {
  return {
    pledge_id: row.id,
    donor_id: row.donorId,
    commitment_date: row.commitmentDate,
    commitment_amount_cents: row.commitmentAmountCents,
    recipient: row.recipient,
    instalments: row.instalments,
    note: row.note,
    written_off_at: row.writtenOffAt ? row.writtenOffAt.toISOString() : null,
    write_off_reason: row.writeOffReason,
  };
}

/** The payment a donor owes next over all their pledges: the earliest due date (undated last). */
export function donorNextPayment(rows: readonly PledgeScheduleFields[], today: string): NextPaymentAnswer | null {
  let best: NextPaymentAnswer | null = null;
  for (const row of rows) {
    const next = nextPayment(pledgeScheduleOf(row), today);
    if (!next) continue;
    const candidate = { pledge_id: row.id, next_payment_date: next.next_payment_date, amount_due_cents: next.amount_due_cents };
    if (!best || earlier(candidate.next_payment_date, best.next_payment_date)) best = candidate;
  }
  return best;
}

function earlier(a: string | null, b: string | null): boolean {
  if (a === null) return false;
  if (b === null) return true;
  return a < b;
}
