/**
 * A payments import writes its batches set-based: each batch's donations in one statement, then each
 * touched pledge's and donor's stored figures once, two batches in flight, the campaign's totals
 * added when a batch commits (migration 0034). Whatever the batching, the book must read exactly as
 * if the same rows had been imported one by one: every donor's figures, every pledge's paid and
 * remaining amounts, the matchable parts and the dashboard's totals, to the cent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TotalStats } from '../../../domain/donor-book/dashboard-contract';
import type { DonorDetail, DonorListData } from '../../../domain/donor-book/donors-contract';
import { donations } from '../../db/schema';
import { get, post } from '../../test/auth-helpers';
import { addDonor, customCampaign, P, path, setUpBook, type DonorBook } from '../../test/donor-book-helpers';
import { importRows, uploadAndValidate } from '../../test/import-helpers';
import { deferBookTotals } from './import-write-repository';

const DONOR_HEADER = 'name,donor_phone,donor_email,contributor_type,employer,occupation,state,zip,city,apt_unit,address,district,commitment_date,commitment_amount,eligibility,recipient';
const PAYMENT_HEADER = 'donor_email,paying_date,recipient,paid_amount,payment_method,donor_phone';

/** Nine New York City residents: most with a pledge, one without, one with a pledge made outside the cycle's payments. */
const DONOR_ROWS = [
  'Ann Pledger,2125550201,ann@batch.example.org,Individual,Acme,Engineer,New York,11201,Brooklyn,,1 Main St,,2025-01-10,800,,',
  'Ben Small,2125550202,ben@batch.example.org,Individual,,,New York,11201,Brooklyn,,,,2025-02-01,50,,',
  'Cy Nopledge,2125550203,cy@batch.example.org,Individual,,,New York,11201,Brooklyn,,,,,,,',
  'Dee Even,2125550204,dee@batch.example.org,Individual,,,New York,10001,New York,,,,2025-03-01,300,,',
  'Eli Cash,2125550205,eli@batch.example.org,Individual,,,New York,10001,New York,,,,2025-01-05,120,,',
  'Fay Many,2125550206,fay@batch.example.org,Individual,,,New York,10001,New York,,,,2025-02-14,1000,,',
  'Gus Late,2125550207,gus@batch.example.org,Individual,,,New York,11201,Brooklyn,,,,2025-04-01,75,,',
  'Hal Phone,2125550208,hal@batch.example.org,Individual,,,New York,11201,Brooklyn,,,,2025-01-20,200,,',
  'Ivy Last,2125550209,ivy@batch.example.org,Individual,,,New York,10001,New York,,,,2025-05-01,90,,',
];

/**
 * Payments in file order, donors interleaved (a batch takes every row of its donors, so a donor's
 * rows land in one batch): pledges paid in part, exactly, over (the rest is a gift of its own), cash,
 * checks, a donor found by phone, several gifts of one donor on one day.
 */
const PAYMENT_ROWS = [
  'ann@batch.example.org,2025-04-01,,500,check,',
  'ben@batch.example.org,2025-04-01,,20,card,',
  'cy@batch.example.org,2025-04-02,,75,cash,',
  'dee@batch.example.org,2025-04-02,,300,card,',
  'ann@batch.example.org,2025-04-03,,"$400.00",card,',
  'eli@batch.example.org,2025-04-03,,90,cash,',
  'fay@batch.example.org,2025-04-04,,100,card,',
  ',2025-04-04,,60,card,(212) 555-0208',
  'gus@batch.example.org,2025-04-05,,75.50,zelle,',
  'ben@batch.example.org,2025-04-05,,45,card,',
  'fay@batch.example.org,2025-04-05,,250.25,check,',
  'ivy@batch.example.org,2025-04-06,,10,venmo,',
  'fay@batch.example.org,2025-04-06,,300,card,',
  'hal@batch.example.org,2025-04-06,,150,card,',
  'cy@batch.example.org,2025-04-07,,20,card,',
  'eli@batch.example.org,2025-04-07,,40,card,',
  'ivy@batch.example.org,2025-04-07,,10,card,',
  'fay@batch.example.org,2025-04-07,,400,card,',
  'dee@batch.example.org,2025-04-08,,5,card,',
  'ivy@batch.example.org,2025-04-08,,10,card,',
];
const RAISED_CENTS = 500_00 + 20_00 + 75_00 + 300_00 + 400_00 + 90_00 + 100_00 + 60_00 + 75_50 + 45_00 + 250_25 + 10_00 + 300_00 + 150_00 + 20_00 + 40_00 + 10_00 + 400_00 + 5_00 + 10_00;

const csv = (header: string, rows: string[]) => [header, ...rows].join('\r\n');

/** What a user sees of the book: every donor's figures and pledges (by e-mail), and the dashboard's totals. */
async function bookView(book: DonorBook, campaignId: string) {
  const { t, owner } = book;
  const list = (await get(t, `${path(P.listDonor, { campaignId })}?limit=500&sort=name`, owner.token)).json().data as DonorListData;
  const donors = await Promise.all(
    list.donor_list.map(async (row) => {
      const detail = (await get(t, path(P.getDonor, { campaignId, donorId: row.donor_id }), owner.token)).json().data as DonorDetail;
      return {
        email: row.donor_email,
        figures: {
          pledged: row.pledged_cents,
          paid: row.paid_cents,
          outstanding: row.outstanding_cents,
          aggregate: row.aggregate_cents,
          remainingLimit: row.remaining_limit_cents,
          matchable: row.matchable_cents,
          publicFunds: row.public_funds_cents,
          allTimePledged: row.all_time_pledged_cents,
          allTimePaid: row.all_time_paid_cents,
          allTimeOutstanding: row.all_time_outstanding_cents,
          lastDonation: row.last_donation_date,
        },
        detailFigures: { pledged: detail.pledged_cents, paid: detail.paid_cents, outstanding: detail.outstanding_cents, matchable: detail.matchable_cents },
        pledges: detail.pledges.map((p) => ({ date: p.commitment_date, amount: p.commitment_amount_cents, paid: p.paid_cents, remaining: p.remaining_cents, status: p.status })),
      };
    }),
  );
  const totals = (await get(t, path(P.totalStats, { campaignId }), owner.token)).json().data as TotalStats;
  return { donors, totals };
}

describe('payments imported in batches read exactly as the same rows imported one by one', () => {
  let book: DonorBook;
  const nycMayor = { compliance_rule_set: 'nyc_cfb', participant_status: 'participant', office_sought: 'mayor', election_cycle: '2025', custom_limit_individual_cents: null, custom_limit_organization_cents: null };

  beforeAll(async () => {
    // Two donors a batch: the 20 rows of 9 donors make 5 batches, two of them in flight at a time.
    book = await setUpBook('batch-figures-outsider@example.org', undefined, { importBatchDonors: 2 });
  });
  afterAll(async () => {
    await book.t.close();
  });

  async function campaignWithDonors(): Promise<string> {
    const { t, owner } = book;
    const campaignId = await customCampaign(t, owner.token, nycMayor);
    const review = await uploadAndValidate(t, owner.token, campaignId, 'donor', 'donors.csv', csv(DONOR_HEADER, DONOR_ROWS));
    expect((await importRows(t, owner.token, campaignId, review.id)).counts).toMatchObject({ imported: DONOR_ROWS.length, rejected: 0, duplicates: 0 });
    return campaignId;
  }

  it('every donor figure, pledge, matchable part and dashboard total, to the cent', async () => {
    const { t, owner } = book;
    const batched = await campaignWithDonors();
    const single = await campaignWithDonors();
    const before = await bookView(book, batched);

    const review = await uploadAndValidate(t, owner.token, batched, 'payment', 'payments.csv', csv(PAYMENT_HEADER, PAYMENT_ROWS));
    expect(review.counts).toMatchObject({ total: PAYMENT_ROWS.length, valid: PAYMENT_ROWS.length });
    expect((await importRows(t, owner.token, batched, review.id)).counts).toMatchObject({ imported: PAYMENT_ROWS.length, valid: 0, rejected: 0 });

    for (const [i, row] of PAYMENT_ROWS.entries()) {
      const one = await uploadAndValidate(t, owner.token, single, 'payment', `payment-${i}.csv`, csv(PAYMENT_HEADER, [row]));
      expect((await importRows(t, owner.token, single, one.id)).counts, row).toMatchObject({ imported: 1, rejected: 0 });
    }

    const after = await bookView(book, batched);
    expect(after).toEqual(await bookView(book, single));

    // The figures moved as the file says (not merely equal: both books took every payment).
    expect(after.totals.total_raised_cents - before.totals.total_raised_cents).toBe(RAISED_CENTS);
    expect(after.totals.donation_count).toBeGreaterThan(PAYMENT_ROWS.length); // pledge parts and the rest are gifts of their own
    expect(after.donors.reduce((sum, d) => sum + d.figures.paid, 0)).toBe(RAISED_CENTS);
    expect(after.totals.outstanding_cents).toBe(after.donors.reduce((sum, d) => sum + d.pledges.reduce((s, p) => s + Math.max(0, p.amount - p.paid), 0), 0));
    expect(after.totals.outstanding_cents).toBe(after.donors.reduce((sum, d) => sum + d.figures.outstanding, 0));
    expect(after.totals.matchable_cents).toBe(after.donors.reduce((sum, d) => sum + d.figures.matchable, 0));
    expect(after.totals.matchable_cents).toBeGreaterThan(0);
    const fay = after.donors.find((d) => d.email === 'fay@batch.example.org')!;
    expect(fay.figures).toMatchObject({ pledged: 1_000_00, paid: 1_050_25, outstanding: 0, lastDonation: '2025-04-07' });
    expect(fay.pledges).toEqual([{ date: '2025-02-14', amount: 1_000_00, paid: 1_000_00, remaining: 0, status: expect.any(String) }]);
    const dee = after.donors.find((d) => d.email === 'dee@batch.example.org')!;
    expect(dee.pledges[0]).toMatchObject({ amount: 300_00, paid: 300_00, remaining: 0 });
    expect(dee.figures).toMatchObject({ paid: 305_00, outstanding: 0 });
    const ann = after.donors.find((d) => d.email === 'ann@batch.example.org')!;
    expect(ann.figures).toMatchObject({ pledged: 800_00, paid: 900_00, outstanding: 0, lastDonation: '2025-04-03' });
  }, 120_000);

  it('a gift entered while a batch is still open is recorded without waiting for the batch, and both count once it commits', async () => {
    const { t, owner } = book;
    const campaignId = await customCampaign(t, owner.token);
    const x = await addDonor(t, owner.token, campaignId);
    const y = await addDonor(t, owner.token, campaignId);
    const stats = async () => (await get(t, path(P.totalStats, { campaignId }), owner.token)).json().data as TotalStats;
    const raisedBefore = (await stats()).total_raised_cents;
    expect(raisedBefore).toBe(0);

    const manual = await t.db.transaction(async (tx) => {
      // An import batch's transaction: its totals and version bumps queued until it commits.
      await deferBookTotals(tx);
      await tx.insert(donations).values({ campaignId, donorId: x.donor_id, payingDate: '2025-04-01', paidAmountCents: 7_000, paymentMethod: 'card', source: 'import' });
      // Before 0034 the batch held the campaign's totals and version rows from here to its commit: this waited for it.
      const entry = post(t, P.addDonation, { campaign_id: campaignId, donor_id: y.donor_id, paying_date: '2025-04-02', paid_amount_cents: 3_000, payment_method: 'card' }, owner.token);
      const watchdog = new Promise<'still waiting after 15 s'>((resolve) => setTimeout(() => resolve('still waiting after 15 s'), 15_000).unref());
      const res = await Promise.race([entry, watchdog]);
      expect(res === 'still waiting after 15 s' ? res : res.statusCode).toBe(201);
      expect((await stats()).total_raised_cents).toBe(3_000); // the open batch's gift is not counted yet
      return res;
    });
    expect(manual).not.toBe('still waiting after 15 s');

    const after = await stats();
    expect(after).toMatchObject({ total_raised_cents: 10_000, donation_count: 2, donor_count: 2 });
    const list = (await get(t, `${path(P.listDonor, { campaignId })}?limit=10`, owner.token)).json().data as DonorListData;
    expect(Object.fromEntries(list.donor_list.map((d) => [d.donor_id, d.paid_cents]))).toEqual({ [x.donor_id]: 7_000, [y.donor_id]: 3_000 });
  }, 60_000);
});
