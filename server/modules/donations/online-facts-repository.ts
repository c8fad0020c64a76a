/**
 * SQL of what PayPal says of online donations beyond the books (migration 0026's tables): refunds asked
 * of PayPal and not booked (pending, unanswered, failed) and disputes. Read for a page of donations,
 * always within the campaign (both the fact and its payment are the campaign's).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DonationDisputeRow, OnlineRefundRow } from '../../../domain/donor-book/donations-contract';
import { anyOf } from '../../db/any-of';
import type { Executor } from '../../db/executor';
import { paymentDisputes, paymentRefunds, payments } from '../../db/schema';

export interface OnlineFacts {
  online_refunds: OnlineRefundRow[];
  disputes: DonationDisputeRow[];
}

export const NO_ONLINE_FACTS: OnlineFacts = Object.freeze({ online_refunds: [], disputes: [] }) as OnlineFacts;

function factsOf(map: Map<string, OnlineFacts>, donationId: string): OnlineFacts {
  let facts = map.get(donationId);
  if (!facts) map.set(donationId, (facts = { online_refunds: [], disputes: [] }));
  return facts;
}

/** The unbooked refunds and the disputes of these donations (of the campaign), oldest first, by donation id. */
export async function onlineFactsOfDonations(db: Executor, campaignId: string, donationIds: readonly string[]): Promise<Map<string, OnlineFacts>> {
  const byDonation = new Map<string, OnlineFacts>();
  if (donationIds.length === 0) return byDonation;
  const ofPage = and(eq(payments.campaignId, campaignId), anyOf(payments.donationId, donationIds, 'uuid'));
  const [refunds, disputes] = await Promise.all([
    db
      .select({ donationId: payments.donationId, refund: paymentRefunds })
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
      .where(and(eq(paymentRefunds.campaignId, campaignId), inArray(paymentRefunds.status, ['requested', 'pending', 'failed']), ofPage))
      .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id)),
    db
      .select({ donationId: payments.donationId, dispute: paymentDisputes })
      .from(paymentDisputes)
      .innerJoin(payments, eq(payments.id, paymentDisputes.paymentId))
      .where(and(eq(paymentDisputes.campaignId, campaignId), ofPage))
      .orderBy(asc(paymentDisputes.createdAt), asc(paymentDisputes.disputeId)),
  ]);
  for (const { donationId, refund } of refunds) {
    factsOf(byDonation, donationId!).online_refunds.push({
      online_refund_id: refund.id,
      status: refund.status as OnlineRefundRow['status'],
      amount_cents: refund.amountCents,
      requested_at: refund.createdAt.toISOString(),
      reason: refund.reason,
      failure_reason: refund.failureReason,
    });
  }
  for (const { donationId, dispute } of disputes) {
    factsOf(byDonation, donationId!).disputes.push({
      dispute_id: dispute.disputeId,
      status: dispute.status,
      reason: dispute.reason,
      amount_cents: dispute.amountCents,
      opened_at: dispute.createdAt.toISOString(),
      outcome: dispute.outcome,
    });
  }
  return byDonation;
}
