import type { DonationRow } from '../../../domain/donor-book/api-contract';
import type { DonationSource, PaymentMethod } from '../../../domain/donor-book/enums';
import type { DonationRecord } from './repository';

export function toDonationRow(row: DonationRecord, donorName: string): DonationRow {
  return {
    donation_id: row.id,
    donor_id: row.donorId,
    donor_name: donorName,
    paying_date: row.payingDate,
    paid_amount_cents: row.paidAmountCents,
    payment_method: row.paymentMethod as PaymentMethod,
    reference_number: row.referenceNumber,
    recipient: row.recipient,
    pledge_id: row.pledgeId,
    memo: row.memo,
    source: row.source as DonationSource,
    refunded_at: row.refundedAt,
    refund_reason: row.refundReason,
    created_at: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of a donation. */
export function donationSnapshot(row: DonationRecord): Record<string, unknown> {
  const { donor_name: _name, created_at: _created, ...fields } = toDonationRow(row, '');
  return fields;
}
