/**
 * The pledge pay link (/pay-your-donation, issue 31 point 3): the link prefills what the campaign
 * holds of the pledge's donor (only for a valid token, only that donor), and the address, employer and
 * occupation the donor pays with are recorded on the donor at capture, with the donor-edit audit row.
 * An e-mail typed on the public page (no link) changes no donor.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutStarted, PledgeLinkView } from '../../../domain/payments/api-contract';
import { campaignAudit, donors } from '../../db/schema';
import { ManualClock } from '../../plugins/clock';
import { get, post } from '../../test/auth-helpers';
import { demoSignIn, type Session } from '../../test/campaign-helpers';
import { addDonor, addPledge } from '../../test/donor-book-helpers';
import { ALL_ATTESTATIONS, GIVING_SLUG, onlineGiving } from '../../test/payment-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';
import { pledgeLinkUrl } from './pledge-link-token';
import { formatPhone } from '../../../domain/phone';

describe('the pledge pay link', () => {
  let t: TestApp;
  let owner: Session;
  const clock = new ManualClock(new Date());

  beforeAll(async () => {
    t = await buildTestApp({ seed: true, clock });
    owner = await demoSignIn(t, 'owner');
  });
  afterAll(async () => t?.close());

  const campaignId = () => t.seeded!.demoCampaign!.id;
  const today = () => clock.now().toISOString().slice(0, 10);
  const { approve, capture } = onlineGiving(() => t);

  /** A donor of the demo campaign with a full record, a pledge of $100, and its link's token. */
  async function pledgedDonor(email: string, overrides: Record<string, unknown> = {}) {
    const donor = await addDonor(t, owner.token, campaignId(), {
      name: 'Maria Lopez',
      donor_email: email,
      address: '12 Old Rd',
      apt_unit: '4B',
      city: 'Albany',
      state: 'new_york',
      zip: '12207',
      employer: 'Old Employer',
      occupation: 'Clerk',
      ...overrides,
    });
    const pledge = await addPledge(t, owner.token, campaignId(), donor.donor_id, { commitment_amount_cents: 10_000, commitment_date: today() });
    const link = await pledgeLinkUrl(t.app, campaignId(), pledge.pledge_id, t.app.config.publicUrl);
    return { donor, pledge, token: new URL(link).searchParams.get('token')! };
  }

  const linkView = (token: string) => get(t, `/payment/pledge-link?token=${encodeURIComponent(token)}`);

  async function payWith(token: string, donor: Record<string, unknown>, amountCents = 2_500): Promise<CheckoutStarted> {
    const res = await post(t, '/payment/pay-online', { slug: GIVING_SLUG, amount_cents: amountCents, donor, attestations: ALL_ATTESTATIONS, idempotency_key: randomUUID(), pledge_token: token });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as CheckoutStarted;
  }

  const donorRow = async (donorId: string) => (await t.db.select().from(donors).where(eq(donors.id, donorId)))[0]!;
  const donorEdits = (donorId: string) =>
    t.db
      .select()
      .from(campaignAudit)
      .where(and(eq(campaignAudit.campaignId, campaignId()), eq(campaignAudit.action, 'donor.updated')))
      .then((rows) => rows.filter((r) => (r.details as { entity_id?: string }).entity_id === donorId));

  it("prefills every field the campaign holds of the link's donor, and nothing of another donor", async () => {
    await pledgedDonor('someone-else@example.com', { name: 'Someone Else', address: '99 Other St', employer: 'Other Co' });
    const { donor, token } = await pledgedDonor('maria.prefill@example.com');
    const res = await linkView(token);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json().data as PledgeLinkView;
    expect(view.donor).toEqual({
      name: 'Maria Lopez',
      email: 'maria.prefill@example.com',
      // As people write it ('(212) 200-2875'): the form shows it so; the server stores its digits again.
      phone: formatPhone(donor.donor_phone),
      country: 'US',
      address: '12 Old Rd',
      apt_unit: '4B',
      city: 'Albany',
      state: 'new_york',
      zip: '12207',
      employer: 'Old Employer',
      occupation: 'Clerk',
    });
    expect(res.body).not.toContain('someone-else@example.com');
    expect(res.body).not.toContain('99 Other St');
  });

  it('a bad, tampered or missing token gets nothing of the donor', async () => {
    const { token } = await pledgedDonor('maria.badtoken@example.com');
    const [head, payload, signature] = token.split('.');
    const tampered = `${head}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [tampered, 'not-a-token', `${token}x`]) {
      const res = await linkView(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe('PAYMENT_LINK_INVALID');
      expect(res.body).not.toContain('maria.badtoken@example.com');
      expect(res.body).not.toContain('12 Old Rd');
    }
    const missing = await get(t, '/payment/pledge-link');
    expect(missing.statusCode).toBe(400);
    expect(missing.body).not.toContain('12 Old Rd');
  });

  it("a changed address and employer are on the donor after the capture, with the donor-edit audit row; the e-mail and phone stay", async () => {
    const { donor, token } = await pledgedDonor('maria.moved@example.com');
    const view = (await linkView(token)).json().data as PledgeLinkView;
    const typed = { ...view.donor, email: 'maria.moved@example.com', phone: '2125550187', address: '500 New Ave', apt_unit: '', city: 'New York', zip: '10001', employer: 'New Employer', occupation: 'Manager' };
    const started = await payWith(token, typed);
    // Nothing is recorded before the money moves.
    expect(await donorRow(donor.donor_id)).toMatchObject({ address: '12 Old Rd', employer: 'Old Employer' });
    await approve(started.order_id);
    expect((await capture(started)).statusCode).toBe(200);

    const after = await donorRow(donor.donor_id);
    expect(after).toMatchObject({ address: '500 New Ave', aptUnit: null, city: 'New York', state: 'new_york', zip: '10001', employer: 'New Employer', occupation: 'Manager' });
    expect(after).toMatchObject({ donorEmail: 'maria.moved@example.com', donorPhone: donor.donor_phone, name: 'Maria Lopez' });
    const edits = await donorEdits(donor.donor_id);
    expect(edits).toHaveLength(1);
    expect(edits[0]!.actorId).toBeNull();
    expect(edits[0]!.details).toMatchObject({
      entity: 'donor',
      entity_id: donor.donor_id,
      before: { address: '12 Old Rd', employer: 'Old Employer', occupation: 'Clerk' },
      after: { address: '500 New Ave', employer: 'New Employer', occupation: 'Manager' },
      source: 'online',
      payment_id: started.payment_id,
    });
    // Staff see the new address on the donor.
    const detail = await get(t, `/donation/donor/list_donor/${campaignId()}?search=maria.moved`, owner.token);
    expect(detail.json().data.donor_list[0]).toMatchObject({ address: '500 New Ave', employer: 'New Employer' });
  });

  it('the same details as held: no edit and no audit row', async () => {
    const { donor, token } = await pledgedDonor('maria.same@example.com');
    const view = (await linkView(token)).json().data as PledgeLinkView;
    const started = await payWith(token, view.donor);
    await approve(started.order_id);
    expect((await capture(started)).statusCode).toBe(200);
    expect(await donorEdits(donor.donor_id)).toHaveLength(0);
    expect(await donorRow(donor.donor_id)).toMatchObject({ address: '12 Old Rd', employer: 'Old Employer' });
  });

  it("the public page (no link) with a donor's e-mail changes nothing of that donor", async () => {
    const { donor } = await pledgedDonor('maria.public@example.com');
    const res = await post(t, '/payment/pay-online', {
      slug: GIVING_SLUG,
      amount_cents: 2_500,
      donor: { name: 'Maria Lopez', email: 'maria.public@example.com', phone: '2125550188', address: '1 Stranger St', city: 'New York', state: 'new_york', zip: '10001', employer: 'X', occupation: 'Y' },
      attestations: ALL_ATTESTATIONS,
      idempotency_key: randomUUID(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const started = res.json().data as CheckoutStarted;
    await approve(started.order_id);
    expect((await capture(started)).statusCode).toBe(200);
    expect(await donorRow(donor.donor_id)).toMatchObject({ address: '12 Old Rd', employer: 'Old Employer' });
    expect(await donorEdits(donor.donor_id)).toHaveLength(0);
  });
});
