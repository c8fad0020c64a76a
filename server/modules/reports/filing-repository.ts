/**
 * SQL of the filings: the campaign's filer identifiers, and the contributions a period's check and file
 * read — every donation of the campaign from the cycle's first day to the period's last (the running totals
 * of the limits need what came before), with its donor and its stored matchable part — and the expenses of a
 * period (NYS schedule F). Always within the campaign.
 */
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { ContributorType, Eligibility, ExpensePaymentMethod, ExpensePurpose, PaymentMethod } from '../../../domain/donor-book/enums';
import type { FilingContribution } from '../../../domain/filings/csmart-file';
import type { FilingExpenditure } from '../../../domain/filings/nys-schedules';
import type { Executor } from '../../db/executor';
import { campaigns, donationMatches, donations, donors, expenses } from '../../db/schema';

export interface FilerIds {
  cfbCandidateId: string | null;
  cfbCommitteeId: string | null;
  electionCycle: string | null;
  publicUrl?: string;
}

export async function findFilerIds(db: Executor, campaignId: string): Promise<FilerIds | null> {
  const [row] = await db
    .select({ cfbCandidateId: campaigns.cfbCandidateId, cfbCommitteeId: campaigns.cfbCommitteeId, electionCycle: campaigns.electionCycle })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId))
    .limit(1);
  return row ?? null;
}

/** A filing contribution and the day it was written into the book ('YYYY-MM-DD', UTC). */
export type BookedContribution = FilingContribution & { recorded_on: string };

/** Donations dated from `from` (or the beginning) to `to`, oldest first, with donor and matchable part. */
export async function findFilingContributions(db: Executor, campaignId: string, range: { from: string | null; to: string }): Promise<BookedContribution[]> {
  const rows = await db
    .select({
      donationId: donations.id,
      date: donations.payingDate,
      amountCents: donations.paidAmountCents,
      refundedCents: donations.refundedCents,
      matchableCents: sql<number>`coalesce(${donationMatches.matchableCents}, 0)`.mapWith(Number),
      paymentMethod: donations.paymentMethod,
      checkNumber: donations.checkNumber,
      referenceNumber: donations.referenceNumber,
      memo: donations.memo,
      intermediary: donations.intermediary,
      recordedOn: sql<string>`to_char(${donations.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
      donorId: donors.id,
      name: donors.name,
      contributorType: donors.contributorType,
      employer: donors.employer,
      occupation: donors.occupation,
      address: donors.address,
      aptUnit: donors.aptUnit,
      city: donors.city,
      state: donors.state,
      zip: donors.zip,
      country: donors.country,
      eligibility: donors.eligibility,
      district: donors.district,
      doingBusiness: donors.doingBusiness,
    })
    .from(donations)
    .innerJoin(donors, and(eq(donors.id, donations.donorId), eq(donors.campaignId, campaignId)))
    .leftJoin(donationMatches, and(eq(donationMatches.campaignId, campaignId), eq(donationMatches.donationId, donations.id)))
    .where(and(eq(donations.campaignId, campaignId), range.from ? gte(donations.payingDate, range.from) : undefined, lte(donations.payingDate, range.to)))
    .orderBy(asc(donations.payingDate), asc(donations.id));
  return rows.map((r) => ({
    donation_id: r.donationId,
    date: r.date,
    amount_cents: r.amountCents,
    refunded_cents: r.refundedCents,
    matchable_cents: r.matchableCents,
    payment_method: r.paymentMethod as PaymentMethod,
    check_number: r.checkNumber,
    reference_number: r.referenceNumber,
    memo: r.memo,
    intermediary: r.intermediary,
    recorded_on: r.recordedOn,
    donor: {
      donor_id: r.donorId,
      name: r.name,
      contributor_type: r.contributorType as ContributorType,
      employer: r.employer,
      occupation: r.occupation,
      address: r.address,
      apt_unit: r.aptUnit,
      city: r.city,
      state: r.state,
      zip: r.zip,
      country: r.country,
      eligibility: r.eligibility as Eligibility,
      district: r.district,
      doing_business: r.doingBusiness,
    },
  }));
}

/** The campaign's expenses dated from `from` to `to` (inclusive), oldest first. */
export async function findFilingExpenditures(db: Executor, campaignId: string, range: { from: string; to: string }): Promise<FilingExpenditure[]> {
  const rows = await db
    .select({
      id: expenses.id,
      date: expenses.expenseDate,
      amountCents: expenses.amountCents,
      payee: expenses.payee,
      purpose: expenses.purpose,
      purposeDetails: expenses.purposeDetails,
      paymentMethod: expenses.paymentMethod,
      referenceNumber: expenses.referenceNumber,
      memo: expenses.memo,
    })
    .from(expenses)
    .where(and(eq(expenses.campaignId, campaignId), gte(expenses.expenseDate, range.from), lte(expenses.expenseDate, range.to)))
    .orderBy(asc(expenses.expenseDate), asc(expenses.id));
  return rows.map((r) => ({
    expense_id: r.id,
    date: r.date,
    amount_cents: r.amountCents,
    payee: r.payee,
    purpose: r.purpose as ExpensePurpose,
    purpose_details: r.purposeDetails,
    payment_method: r.paymentMethod as ExpensePaymentMethod,
    reference_number: r.referenceNumber,
    memo: r.memo,
  }));
}
