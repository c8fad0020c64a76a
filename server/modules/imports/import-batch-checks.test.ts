import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignAudit, campaignBookTotals, donations, donors, pledges, uploads } from '../../db/schema';
import { customCampaign, setUpBook, type DonorBook } from '../../test/donor-book-helpers';
import { importRows, uploadAndValidate } from '../../test/import-helpers';
import type { TestApp } from '../../test/test-db';
import { holdBatchReferences, maySetReplicationRole } from './import-write-repository';

const DONOR_HEADER = 'name,donor_phone,donor_email,contributor_type,employer,occupation,state,zip,city,apt_unit,address,district,commitment_date,commitment_amount,eligibility,recipient';
const DONORS = [
  DONOR_HEADER,
  'Ann Early,2125550101,ann@example.org,Individual,Acme,Engineer,New York,10001,New York,,1 Main St,,2025-01-10,"$800.00",,',
  'Ben Two,2125550102,ben@example.org,Individual,,,NJ,07030,Hoboken,,,,2025-02-01,300,,',
  'Cy Nopledge,,cy@example.org,Individual,,,,,,,,,,,,',
  'Dee Big,2125550104,dee@example.org,Individual,,,CA,90001,Los Angeles,,,,2025-03-01,"$900.00",,',
  'Bad Email,,not-an-email,Individual,,,,,,,,,,,,',
  'Eve Abroad,+44 20 7183 8750,eve@example.org,Individual,,,,,,,,,2025-01-20,100,,',
].join('\r\n');
const PAYMENTS = [
  'donor_email,paying_date,recipient,paid_amount,payment_method,donor_phone',
  'ann@example.org,2025-04-01,,500,check,',
  'ann@example.org,2025-04-02,,"$400.00",card,',
  ',2025-04-03,,150,card,(212) 555-0102',
  'cy@example.org,2025-04-04,,75,cash,',
  'dee@example.org,2025-04-05,,100,card,',
  'dee@example.org,2025-04-06,,"$2,000.00",card,',
  'eve@example.org,2025-04-07,,100,card,',
].join('\r\n');

/** Everything an import writes into a campaign's book, without ids and times. */
async function bookOf(t: TestApp, campaignId: string) {
  const people = await t.db.select().from(donors).where(eq(donors.campaignId, campaignId)).orderBy(asc(donors.donorEmail));
  const emailOf = new Map(people.map((d) => [d.id, d.donorEmail]));
  const promises = await t.db.select().from(pledges).where(eq(pledges.campaignId, campaignId));
  const gifts = await t.db.select().from(donations).where(eq(donations.campaignId, campaignId));
  const [totals] = await t.db.select().from(campaignBookTotals).where(eq(campaignBookTotals.campaignId, campaignId));
  const audit = await t.db
    .select({ action: campaignAudit.action, n: sql<number>`count(*)::int` })
    .from(campaignAudit)
    .where(and(eq(campaignAudit.campaignId, campaignId), sql`${campaignAudit.action} like '%.imported'`))
    .groupBy(campaignAudit.action)
    .orderBy(campaignAudit.action);
  return {
    donors: people.map((d) => [d.donorEmail, d.name, d.state, d.country, d.paidCents, d.pledgedCents, d.outstandingCents, d.allTimePaidCents, d.lastDonationDate, d.importRow]),
    pledges: promises.map((p) => [emailOf.get(p.donorId), p.commitmentDate, p.commitmentAmountCents, p.paidCents]).sort(),
    donations: gifts.map((d) => [emailOf.get(d.donorId), d.payingDate, d.paidAmountCents, d.pledgeId === null, d.paymentMethod, d.importRow]).sort(),
    totals: totals ? { ...totals, campaignId: undefined } : null,
    audit,
  };
}

async function importBoth(book: DonorBook) {
  const { t, owner, campaignId } = book;
  const donorReview = await uploadAndValidate(t, owner.token, campaignId, 'donor', 'donors.csv', DONORS);
  expect((await importRows(t, owner.token, campaignId, donorReview.id)).counts).toMatchObject({ imported: 5, rejected: 1 });
  const paymentReview = await uploadAndValidate(t, owner.token, campaignId, 'payment', 'payments.csv', PAYMENTS);
  const done = await importRows(t, owner.token, campaignId, paymentReview.id);
  return { done, paymentUploadId: paymentReview.id };
}

describe('import batches that check their references once (IMPORT_BATCH_CHECKS)', () => {
  let batch: DonorBook;
  let row: DonorBook;

  beforeAll(async () => {
    batch = await setUpBook('batch-checks-outsider@example.org');
    row = await setUpBook('row-checks-outsider@example.org', undefined, { importBatchChecks: false });
  });
  afterAll(async () => {
    await Promise.all([batch.t.close(), row.t.close()]);
  });

  it('runs here on the batch path (the test role may set session_replication_role)', async () => {
    expect(batch.t.app.config.importBatchChecks).toBe(true);
    expect(await maySetReplicationRole(batch.t.db)).toBe(true);
  });

  it('writes exactly the book PostgreSQL row-by-row checks write: donors, pledges, donations, figures, campaign totals, audit', async () => {
    const fast = await importBoth(batch);
    const plain = await importBoth(row);
    expect(fast.done.counts).toEqual(plain.done.counts);
    const fastBook = await bookOf(batch.t, batch.campaignId);
    expect(fastBook).toEqual(await bookOf(row.t, row.campaignId));
    // And the figures are the ones the book's triggers keep (they fire on the batch path too).
    expect(fastBook.donors.find((d) => d[0] === 'ann@example.org')).toEqual(['ann@example.org', 'Ann Early', 'new_york', 'US', 90_000, 80_000, 0, 90_000, '2025-04-02', 2]);
    expect(fast.done.counts).toMatchObject({ imported: 6, rejected: 1 }); // Dee's $2,000 passes the limit
    expect(fastBook.totals).toMatchObject({ raisedCents: 132_500, donationCount: 7, pledgedCents: 210_000, outstandingCents: 95_000, donorCount: 5 });
    expect(fastBook.audit).toEqual([
      { action: 'donation.imported', n: fastBook.donations.length },
      { action: 'donor.imported', n: 5 },
    ]);
  });

  it('skips the row checks only when every referenced row exists (held FOR KEY SHARE until the batch commits)', async () => {
    const { t, campaignId } = batch;
    const [upload] = await t.db.select().from(uploads).where(eq(uploads.campaignId, campaignId)).limit(1);
    const [pledge] = await t.db.select().from(pledges).where(eq(pledges.campaignId, campaignId)).limit(1);
    const refs = { campaignId, uploadId: upload!.id, actorId: upload!.createdBy };
    const held = (extra: Record<string, unknown>) => t.db.transaction((tx) => holdBatchReferences(tx, { ...refs, ...extra }));
    expect(await held({ pledgeIds: [pledge!.id] })).toBe(true);
    expect(await held({ pledgeIds: [pledge!.id, '00000000-0000-4000-8000-000000000000'] })).toBe(false);
    expect(await held({ actorId: '00000000-0000-4000-8000-000000000001' })).toBe(false);
    expect(await held({ campaignId: batch.otherCampaignId, pledgeIds: [pledge!.id] })).toBe(false);
    expect(await held({ uploadId: '00000000-0000-4000-8000-000000000002' })).toBe(false);
  });

  it('imports 12,000 donors in batches of 5,000 two at a time: every donor once, pledges, figures and campaign totals that add up', async () => {
    const { t, owner } = batch;
    const campaignId = await customCampaign(t, owner.token);
    const lines = [DONOR_HEADER];
    for (let i = 0; i < 12_000; i++) lines.push(`Bulk Person,,bulk${i}@example.org,Individual,,,New York,10001,New York,,,,2025-02-01,${1 + (i % 9)}.00,,`);
    const review = await uploadAndValidate(t, owner.token, campaignId, 'donor', 'bulk.csv', lines.join('\r\n'));
    expect(review.counts).toMatchObject({ total: 12_000, valid: 12_000 });
    const done = await importRows(t, owner.token, campaignId, review.id);
    expect(done.counts).toMatchObject({ imported: 12_000, valid: 0, rejected: 0, duplicates: 0 });
    const [counts] = await t.db
      .select({ people: sql<number>`count(*)::int`, emails: sql<number>`count(distinct ${donors.donorEmail})::int`, pledged: sql<number>`sum(${donors.pledgedCents})::bigint` })
      .from(donors)
      .where(eq(donors.campaignId, campaignId));
    const expected = Array.from({ length: 12_000 }, (_, i) => (1 + (i % 9)) * 100).reduce((a, b) => a + b, 0);
    expect(counts).toEqual({ people: 12_000, emails: 12_000, pledged: String(expected) });
    const [pledgeCount] = await t.db.select({ n: sql<number>`count(*)::int` }).from(pledges).where(eq(pledges.campaignId, campaignId));
    expect(pledgeCount!.n).toBe(12_000);
    const [totals] = await t.db.select().from(campaignBookTotals).where(eq(campaignBookTotals.campaignId, campaignId));
    expect(totals).toMatchObject({ donorCount: 12_000, pledgedCents: expected, outstandingCents: expected });
  }, 120_000);
});
