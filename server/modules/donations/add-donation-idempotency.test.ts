/**
 * add_donation with an Idempotency-Key (issue 29 point 11): a client that retries an unanswered write
 * records the donation once (also when both tries arrive at once); the same key with another body is
 * refused with a clear code; keys are per campaign; without a key nothing changes.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DONOR_BOOK_PATHS as P } from '../../../domain/donor-book/api-contract';
import { donations } from '../../db/schema';
import type { Session } from '../../test/campaign-helpers';
import { addDonor, setUpBook } from '../../test/donor-book-helpers';
import type { TestApp } from '../../test/test-db';

describe('add_donation: Idempotency-Key', () => {
  let t: TestApp;
  let owner: Session;
  let outsider: Session;
  let campaignId: string;
  let otherCampaignId: string;

  beforeAll(async () => {
    ({ t, owner, outsider, campaignId, otherCampaignId } = await setUpBook('idem-outsider@example.com'));
  });
  afterAll(async () => t?.close());

  function add(token: string, body: Record<string, unknown>, key?: string) {
    return t.app.inject({
      method: 'POST',
      url: P.addDonation,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload: JSON.stringify(body),
    });
  }

  const gift = (cid: string, donorId: string, cents = 5_000) => ({ campaign_id: cid, donor_id: donorId, paying_date: '2025-04-01', paid_amount_cents: cents, payment_method: 'card' });
  const donationsOf = (donorId: string) => t.db.select({ id: donations.id }).from(donations).where(and(eq(donations.donorId, donorId)));

  it('a retried write with the same key records once and answers the same donation', async () => {
    const donor = await addDonor(t, owner.token, campaignId);
    const first = await add(owner.token, gift(campaignId, donor.donor_id), 'retry-key-1');
    expect(first.statusCode, first.body).toBe(201);
    const again = await add(owner.token, gift(campaignId, donor.donor_id), 'retry-key-1');
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.donation.donation_id).toBe(first.json().data.donation.donation_id);
    expect(await donationsOf(donor.donor_id)).toHaveLength(1);
  });

  it('two tries with one key at the same moment record once', async () => {
    const donor = await addDonor(t, owner.token, campaignId);
    const answers = await Promise.all([1, 2, 3].map(() => add(owner.token, gift(campaignId, donor.donor_id, 2_000), 'racing-key')));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().data.donation.donation_id)).size).toBe(1);
    expect(await donationsOf(donor.donor_id)).toHaveLength(1);
  });

  it('the same key with another body is refused (422 IDEMPOTENCY_KEY_REUSED), nothing recorded', async () => {
    const donor = await addDonor(t, owner.token, campaignId);
    expect((await add(owner.token, gift(campaignId, donor.donor_id, 1_000), 'reused-key')).statusCode).toBe(201);
    const other = await add(owner.token, gift(campaignId, donor.donor_id, 9_000), 'reused-key');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: expect.any(String) });
    expect(await donationsOf(donor.donor_id)).toHaveLength(1);
  });

  it('keys are per campaign, an invalid key is a 400, and without a key each write records', async () => {
    const mine = await addDonor(t, owner.token, campaignId);
    const theirs = await addDonor(t, outsider.token, otherCampaignId);
    expect((await add(owner.token, gift(campaignId, mine.donor_id), 'shared-key')).statusCode).toBe(201);
    expect((await add(outsider.token, gift(otherCampaignId, theirs.donor_id), 'shared-key')).statusCode).toBe(201);
    expect(await donationsOf(theirs.donor_id)).toHaveLength(1);
    const bad = await add(owner.token, gift(campaignId, mine.donor_id), 'x'.repeat(201));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
    expect((await add(owner.token, gift(campaignId, mine.donor_id, 1_500))).statusCode).toBe(201);
    expect((await add(owner.token, gift(campaignId, mine.donor_id, 1_500))).statusCode).toBe(201);
    expect(await donationsOf(mine.donor_id)).toHaveLength(3);
  });
});
