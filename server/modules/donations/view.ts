import type { DonationRow, RefundRow } from '../../../domain/donor-book/donations-contract';
import type { DonationSource, PaymentMethod } from '../../../domain/donor-book/enums';
import { NO_ONLINE_FACTS, type OnlineFacts } from './online-facts-repository';
import type { DonationListRecord, DonationRecord, RefundRecord } from './repository';

export function toRefundRow(row: RefundRecord): RefundRow {
  return { refund_id: row.id, amount_cents: row.amountCents, refund_date: row.refundDate, reason: row.reason, created_at: row.createdAt.toISOString() };
}

/** `refunds`: the donation's refunds, oldest first; `online`: an online donation's unbooked refunds and disputes. */
export function toDonationRow(row: DonationListRecord, donorName: string, refunds: readonly RefundRecord[], online: OnlineFacts = NO_ONLINE_FACTS): DonationRow {
  return {
    donation_id: row.id,
    donor_id: row.donorId,
    donor_name: donorName,
    paying_date: row.payingDate,
    paid_amount_cents: row.paidAmountCents,
    payment_method: row.paymentMethod as PaymentMethod,
    reference_number: row.referenceNumber,
    check_number: row.checkNumber,
    recipient: row.recipient,
    pledge_id: row.pledgeId,
    memo: row.memo,
    intermediary: row.intermediary ?? null,
    source: row.source as DonationSource,
    refunded_cents: row.refundedCents,
    net_amount_cents: row.paidAmountCents - row.refundedCents,
    refunded_at: row.refundedAt,
    refund_reason: row.refundReason,
    refunds: refunds.map(toRefundRow),
    online_refunds: online.online_refunds,
    disputes: online.disputes,
    created_at: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of a donation (its refunds are audited one by one). */
export function donationSnapshot(row: DonationRecord): Record<string, unknown> {
  const { donor_name: _name, created_at: _created, refunds: _refunds, online_refunds: _online, disputes: _disputes, ...fields } = toDonationRow(row, '', []);
  return fields;
}
