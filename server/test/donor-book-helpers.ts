/**
 * Helpers for donor-book tests: campaigns with known rules, donors, pledges and donations made
 * through the API, and the audit entries of the donor book.
 */
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { DONOR_BOOK_PATHS, donorBookPath } from '../../domain/donor-book/api-contract';
import type { DonationWriteData } from '../../domain/donor-book/donations-contract';
import type { DonorRow } from '../../domain/donor-book/donors-contract';
import type { PledgeRow } from '../../domain/donor-book/pledges-contract';
import { campaignAudit, donationRefunds, donations } from '../db/schema';
import type { Config } from '../config';
import { ManualClock } from '../plugins/clock';
import { activeUser, post } from './auth-helpers';
import { createCampaign, demoSignIn, request, toSession, type Session } from './campaign-helpers';
import { buildTestApp, type TestApp } from './test-db';

export const P = DONOR_BOOK_PATHS;
export const path = donorBookPath;

/** A campaign (pending, `token`'s user owner) with custom limits: individuals $1,000, organisations $500, cycle 2025. */
export async function customCampaign(t: TestApp, token: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const campaign = await createCampaign(t, token, {
    compliance_rule_set: 'custom',
    participant_status: null,
    custom_limit_individual_cents: 100_000,
    custom_limit_organization_cents: 50_000,
    ...overrides,
  });
  return campaign.campaign_id;
}

export interface DonorBook {
  t: TestApp;
  clock: ManualClock;
  /** The seeded demo owner, owner of `campaignId`. */
  owner: Session;
  /** A user with no part in `campaignId`, owner of `otherCampaignId`. */
  outsider: Session;
  campaignId: string;
  otherCampaignId: string;
}

/**
 * A seeded test app on `clock` (by default a manual clock at 2025-06-15 12:00 UTC), the demo owner
 * signed in with a custom campaign, and an outsider (`outsiderEmail`) with a custom campaign of
 * their own. Close `t` when done.
 */
export async function setUpBook(outsiderEmail: string, clock = new ManualClock(new Date('2025-06-15T12:00:00Z')), config?: Partial<Config>): Promise<DonorBook> {
  const t = await buildTestApp({ seed: true, clock, config });
  const owner = await demoSignIn(t, 'owner');
  const campaignId = await customCampaign(t, owner.token);
  const outsider = toSession(await activeUser(t, outsiderEmail));
  const otherCampaignId = await customCampaign(t, outsider.token);
  return { t, clock, owner, outsider, campaignId, otherCampaignId };
}

let counter = 0;

/** A valid add_donor body with a unique e-mail and phone. */
export function donorBody(campaignId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  return {
    campaign_id: campaignId,
    name: `Donor Number ${String.fromCharCode(65 + (counter % 26))}${String.fromCharCode(65 + (Math.floor(counter / 26) % 26))}`,
    donor_email: `donor${counter}-${Date.now().toString(36)}@example.org`,
    // Unique within the run: the counter owns the thousands, the clock only the last three digits; a
    // valid New York number (212, exchange 200–999: the phone rule of domain/phone.ts refuses made-up ones).
    donor_phone: String(2_122_000_000 + ((counter * 1_000) % 7_000_000) + (Date.now() % 1_000)),
    contributor_type: 'individual',
    eligibility: 'un',
    state: 'new_york',
    city: 'Albany',
    zip: '12207',
    country: 'US',
    ...overrides,
  };
}

export async function addDonor(t: TestApp, token: string, campaignId: string, overrides: Record<string, unknown> = {}): Promise<DonorRow> {
  const res = await post(t, P.addDonor, donorBody(campaignId, overrides), token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as DonorRow;
}

export async function addPledge(t: TestApp, token: string, campaignId: string, donorId: string, overrides: Record<string, unknown> = {}): Promise<PledgeRow> {
  const res = await post(t, P.addPledge, { campaign_id: campaignId, donor_id: donorId, commitment_date: '2025-03-01', commitment_amount_cents: 10_000, instalments: [], ...overrides }, token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as PledgeRow;
}

export async function addDonation(t: TestApp, token: string, campaignId: string, donorId: string, overrides: Record<string, unknown> = {}): Promise<DonationWriteData> {
  const res = await post(t, P.addDonation, { campaign_id: campaignId, donor_id: donorId, paying_date: '2025-04-01', paid_amount_cents: 5_000, payment_method: 'card', ...overrides }, token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as DonationWriteData;
}

export function getJson(t: TestApp, url: string, token: string) {
  return request(t, 'GET', url, token);
}

/** The audit entries of the campaign with `action`, oldest first. */
export async function auditOf(t: TestApp, campaignId: string, action: string) {
  return t.db
    .select()
    .from(campaignAudit)
    .where(and(eq(campaignAudit.campaignId, campaignId), eq(campaignAudit.action, action)))
    .orderBy(asc(campaignAudit.createdAt));
}

/**
 * Refunds a donation straight in the database, as another writer would (all of it unless
 * `amountCents`); the trigger updates the donation's refunded total. Call `t.app.changes.sync()` before
 * reading through the API.
 */
export async function refundInDb(t: TestApp, donationId: string, refundDate: string, reason: string, amountCents?: number): Promise<void> {
  const [donation] = await t.db.select().from(donations).where(eq(donations.id, donationId));
  await t.db.insert(donationRefunds).values({
    campaignId: donation!.campaignId,
    donationId,
    amountCents: amountCents ?? donation!.paidAmountCents - donation!.refundedCents,
    refundDate,
    reason,
  });
}

/** Takes every refund of a donation back (straight in the database). */
export async function unrefundInDb(t: TestApp, donationId: string): Promise<void> {
  await t.db.delete(donationRefunds).where(eq(donationRefunds.donationId, donationId));
}
