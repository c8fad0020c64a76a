/**
 * Issue 29 point 10, the staff side: while an online payment of a pledge is on its way at PayPal
 * (capture PENDING, or its outcome unknown), staff recording a check or cash payment for the same
 * pledge may not pay it past its commitment. The write is refused with 409 PLEDGE_PAYMENT_IN_FLIGHT
 * (nothing recorded); what remains beside the payment in flight can still be recorded, and once
 * PayPal has settled the payment (completed or denied) the books say what is left.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DONOR_BOOK_PATHS } from '../../../domain/donor-book/api-contract';
import { type CheckoutStarted } from '../../../domain/payments/api-contract';
import { donations, payments, pledges } from '../../db/schema';
import { ManualClock } from '../../plugins/clock';
import { get, post } from '../../test/auth-helpers';
import { demoSignIn, type Session } from '../../test/campaign-helpers';
import { addDonor, addPledge } from '../../test/donor-book-helpers';
import { onlineGiving } from '../../test/payment-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';
import { pledgeLinkUrl } from './pledge-link-token';
import { reconcilePayments } from './reconcile-job';

describe('staff recording a pledge payment while an online payment of it is on its way', () => {
  let t: TestApp;
  let owner: Session;
  const clock = new ManualClock(new Date());

  beforeAll(async () => {
    t = await buildTestApp({ seed: true, clock });
    owner = await demoSignIn(t, 'owner');
  });
  afterAll(async () => t?.close());
  beforeEach(() => t.app.paypalStandin.holdWebhooks(true));

  const campaignId = () => t.seeded!.demoCampaign!.id;
  const today = () => clock.now().toISOString().slice(0, 10);
  const { startOk, approve, capture } = onlineGiving(() => t);
  const paymentRow = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!;
  const paidOf = async (pledgeId: string) => (await t.db.select({ paid: pledges.paidCents }).from(pledges).where(eq(pledges.id, pledgeId)))[0]!.paid;
  const donationsOfPledge = (pledgeId: string) => t.db.select({ amount: donations.paidAmountCents, method: donations.paymentMethod }).from(donations).where(eq(donations.pledgeId, pledgeId));

  async function age(paymentId: string) {
    await t.db.update(payments).set({ updatedAt: new Date(clock.now().getTime() - 4 * 60_000) }).where(eq(payments.id, paymentId));
  }

  /** A donor's pledge of `committed` and an online payment of `online` through its link, approved at PayPal. */
  async function pledgePaidOnline(email: string, committed: number, online: number) {
    const person = await addDonor(t, owner.token, campaignId(), { donor_email: email });
    const pledge = await addPledge(t, owner.token, campaignId(), person.donor_id, { commitment_amount_cents: committed, commitment_date: today() });
    const link = await pledgeLinkUrl(t.app, campaignId(), pledge.pledge_id, t.app.config.publicUrl);
    const started: CheckoutStarted = await startOk(online, email, { pledge_token: decodeURIComponent(new URL(link).searchParams.get('token')!) });
    await approve(started.order_id);
    return { donorId: person.donor_id, pledgeId: pledge.pledge_id, started };
  }

  const record = (donorId: string, pledgeId: string, cents: number, method = 'check') =>
    post(t, DONOR_BOOK_PATHS.addDonation, { campaign_id: campaignId(), donor_id: donorId, pledge_id: pledgeId, paying_date: today(), paid_amount_cents: cents, payment_method: method, check_number: '1001' }, owner.token);

  it('a PENDING online capture: the check for the whole pledge is refused (409, says what is in flight), the part beside it is recorded; after it completes the pledge is paid exactly', async () => {
    const { donorId, pledgeId, started } = await pledgePaidOnline('pending-pledge@example.com', 5_000, 3_000);
    t.app.paypalStandin.pendNext();
    expect((await capture(started)).json().data.status).toBe('pending');

    const whole = await record(donorId, pledgeId, 5_000);
    expect(whole.statusCode, whole.body).toBe(409);
    expect(whole.json()).toMatchObject({
      code: 'PLEDGE_PAYMENT_IN_FLIGHT',
      message: 'An online payment of $30.00 for this pledge is being confirmed with PayPal; record the rest after it settles',
      details: { in_flight_cents: 3_000, remaining_cents: 2_000 },
    });
    expect((await record(donorId, pledgeId, 2_001)).statusCode).toBe(409);
    expect(await donationsOfPledge(pledgeId)).toEqual([]);

    const rest = await record(donorId, pledgeId, 2_000);
    expect(rest.statusCode, rest.body).toBe(201);

    await t.app.paypalStandin.settlePending((await paymentRow(started.payment_id)).captureId!, 'COMPLETED');
    await age(started.payment_id);
    await reconcilePayments(t.app);
    expect((await paymentRow(started.payment_id)).status).toBe('completed');
    expect(await paidOf(pledgeId)).toBe(5_000);
    expect((await record(donorId, pledgeId, 1)).json().code).toBe('DONATION_EXCEEDS_PLEDGE');
  });

  it('a capture whose outcome is unknown counts too (cash as well as check); once PayPal denies it, the pledge is open again', async () => {
    const { donorId, pledgeId, started } = await pledgePaidOnline('unknown-pledge@example.com', 4_000, 4_000);
    for (let i = 0; i < 3; i++) t.app.paypalStandin.failNext('capture', 503);
    expect((await capture(started)).json().data.status).toBe('unknown');

    const cash = await record(donorId, pledgeId, 100, 'cash');
    expect(cash.statusCode, cash.body).toBe(409);
    expect(cash.json().code).toBe('PLEDGE_PAYMENT_IN_FLIGHT');
    expect(await donationsOfPledge(pledgeId)).toEqual([]);

    // PayPal is back: the reconciliation captures it PENDING, then PayPal denies it.
    t.app.paypalStandin.pendNext();
    await age(started.payment_id);
    await reconcilePayments(t.app);
    expect((await paymentRow(started.payment_id)).status).toBe('pending');
    expect((await record(donorId, pledgeId, 4_000)).statusCode).toBe(409);
    await t.app.paypalStandin.settlePending((await paymentRow(started.payment_id)).captureId!, 'DECLINED');
    await age(started.payment_id);
    await reconcilePayments(t.app);
    expect((await paymentRow(started.payment_id)).status).toBe('declined');
    const check = await record(donorId, pledgeId, 4_000);
    expect(check.statusCode, check.body).toBe(201);
    expect(await paidOf(pledgeId)).toBe(4_000);
  });

  it('moving an existing donation onto a pledge with a payment in flight is refused the same way', async () => {
    const { donorId, pledgeId, started } = await pledgePaidOnline('edit-pledge@example.com', 2_500, 2_500);
    t.app.paypalStandin.pendNext();
    expect((await capture(started)).json().data.status).toBe('pending');
    const loose = await post(t, DONOR_BOOK_PATHS.addDonation, { campaign_id: campaignId(), donor_id: donorId, paying_date: today(), paid_amount_cents: 1_000, payment_method: 'check', check_number: '77' }, owner.token);
    expect(loose.statusCode, loose.body).toBe(201);
    const moved = await post(
      t,
      DONOR_BOOK_PATHS.updateDonation,
      { campaign_id: campaignId(), donation_id: loose.json().data.donation.donation_id, donor_id: donorId, pledge_id: pledgeId, paying_date: today(), paid_amount_cents: 1_000, payment_method: 'check', check_number: '77' },
      owner.token,
    );
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json().code).toBe('PLEDGE_PAYMENT_IN_FLIGHT');
    expect(await donationsOfPledge(pledgeId)).toEqual([]);
    await t.app.paypalStandin.settlePending((await paymentRow(started.payment_id)).captureId!, 'COMPLETED');
    await age(started.payment_id);
    await reconcilePayments(t.app);
    expect(await paidOf(pledgeId)).toBe(2_500);
  });

  it('afterwards every online payment agrees with PayPal (reconcile report empty)', async () => {
    const report = (await get(t, `/payment/reconcile-report/${campaignId()}`, owner.token)).json().data as { rows: unknown[] };
    expect(report.rows).toEqual([]);
  });
});
