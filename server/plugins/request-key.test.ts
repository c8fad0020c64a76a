/**
 * Idempotency-Key on every create that moves money besides add_donation (its own test:
 * add-donation-idempotency.test.ts), issue 29 point 11: add_pledge, refund_donation, POST
 * /payment/refund (through the PayPal stand-in) and add_expense. For each, over the API: a retry with
 * the same key and body answers the first record and records nothing more; three tries at the same
 * moment record once; the same key with another body is 422 IDEMPOTENCY_KEY_REUSED.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DONOR_BOOK_PATHS as P } from '../../domain/donor-book/api-contract';
import { donationRefunds, expenses, paymentRefunds, payments, pledges } from '../db/schema';
import { post } from '../test/auth-helpers';
import { demoSignIn, type Session } from '../test/campaign-helpers';
import { addDonation, addDonor } from '../test/donor-book-helpers';
import { onlineGiving } from '../test/payment-helpers';
import { buildTestApp, type TestApp } from '../test/test-db';

describe('Idempotency-Key on the creates that move money', () => {
  let t: TestApp;
  let owner: Session;

  beforeAll(async () => {
    t = await buildTestApp({ seed: true });
    owner = await demoSignIn(t, 'owner');
  });
  afterAll(async () => t?.close());
  beforeEach(() => t.app.paypalStandin.holdWebhooks(true));

  const campaignId = () => t.seeded!.demoCampaign!.id;
  const today = () => new Date().toISOString().slice(0, 10);
  const send = (url: string, body: Record<string, unknown>, key: string) => post(t, url, body, owner.token, { headers: { authorization: `Bearer ${owner.token}`, 'idempotency-key': key } });
  const race = (url: string, body: Record<string, unknown>, key: string) => Promise.all([1, 2, 3].map(() => send(url, body, key)));

  /** The three rules for one route: `count` is how many records the route has made so far for this case. */
  async function holdsTheRules(url: string, body: Record<string, unknown>, other: Record<string, unknown>, idOf: (data: never) => string, count: () => Promise<number>, created = 201) {
    const key = `retry-${randomUUID()}`;
    const first = await send(url, body, key);
    expect(first.statusCode, first.body).toBe(created);
    const again = await send(url, body, key);
    expect(again.statusCode, again.body).toBe(created);
    expect(idOf(again.json().data as never)).toBe(idOf(first.json().data as never));
    expect(await count()).toBe(1);

    const reused = await send(url, other, key);
    expect(reused.statusCode, reused.body).toBe(422);
    expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: expect.any(String) });
    expect(await count()).toBe(1);

    const racing = await race(url, other, `race-${randomUUID()}`);
    expect(racing.map((r) => r.statusCode)).toEqual([created, created, created]);
    expect(new Set(racing.map((r) => idOf(r.json().data as never))).size).toBe(1);
    expect(await count()).toBe(2);
  }

  it('add_pledge', async () => {
    const donor = await addDonor(t, owner.token, campaignId());
    const pledge = (cents: number) => ({ campaign_id: campaignId(), donor_id: donor.donor_id, commitment_date: today(), commitment_amount_cents: cents, instalments: [] });
    const count = async () => (await t.db.select({ id: pledges.id }).from(pledges).where(eq(pledges.donorId, donor.donor_id))).length;
    await holdsTheRules(P.addPledge, pledge(10_000), pledge(20_000), (d: { pledge_id: string }) => d.pledge_id, count);
  });

  it('add_expense', async () => {
    const payee = `Print Shop ${randomUUID()}`;
    const expense = (cents: number) => ({ campaign_id: campaignId(), expense_date: today(), amount_cents: cents, payee, purpose: 'campaign_literature', payment_method: 'check', reference_number: '1042' });
    const count = async () => (await t.db.select({ id: expenses.id }).from(expenses).where(eq(expenses.payee, payee))).length;
    await holdsTheRules(P.addExpense, expense(12_550), expense(9_900), (d: { expense_id: string }) => d.expense_id, count);
  });

  it('refund_donation: a retried or racing refund is refunded once', async () => {
    const donor = await addDonor(t, owner.token, campaignId());
    const gift = await addDonation(t, owner.token, campaignId(), donor.donor_id, { paying_date: today(), paid_amount_cents: 9_000 });
    const donationId = gift.donation.donation_id;
    const refund = (cents: number) => ({ campaign_id: campaignId(), donation_id: donationId, refund_amount_cents: cents, refund_date: today(), refund_reason: 'Donor asked' });
    const count = async () => (await t.db.select({ id: donationRefunds.id }).from(donationRefunds).where(eq(donationRefunds.donationId, donationId))).length;
    await holdsTheRules(P.refundDonation, refund(1_000), refund(2_000), (d: { donation_id: string }) => d.donation_id, count, 200);
    const booked = await t.db.select({ cents: donationRefunds.amountCents }).from(donationRefunds).where(eq(donationRefunds.donationId, donationId));
    expect(booked.map((r) => r.cents).sort()).toEqual([1_000, 2_000]);
  });

  it('POST /payment/refund: a retried or racing refund asks PayPal once and is booked once', async () => {
    const { startOk, approve, capture } = onlineGiving(() => t);
    const started = await startOk(8_000, `refund-key-${randomUUID()}@example.com`);
    await approve(started.order_id);
    expect((await capture(started)).json().data.status).toBe('completed');
    const payment = (await t.db.select().from(payments).where(eq(payments.id, started.payment_id)))[0]!;
    const refund = (cents: number) => ({ campaign_id: campaignId(), donation_id: payment.donationId, amount_cents: cents, reason: 'Donor asked' });
    const count = async () => (await t.db.select({ id: paymentRefunds.id }).from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id))).length;
    await holdsTheRules('/payment/refund', refund(1_000), refund(2_000), (d: { online_refund: { id: string } }) => d.online_refund.id, count, 200);
    const booked = await t.db.select({ cents: donationRefunds.amountCents }).from(donationRefunds).where(eq(donationRefunds.donationId, payment.donationId!));
    expect(booked.map((r) => r.cents).sort()).toEqual([1_000, 2_000]);
    const [after] = await t.db.select({ refunded: payments.refundedCents }).from(payments).where(eq(payments.id, payment.id));
    expect(after!.refunded).toBe(3_000);
  });

  it('an invalid key is a 400 on each of these routes, before anything is written', async () => {
    const donor = await addDonor(t, owner.token, campaignId());
    const bad = await send(P.addPledge, { campaign_id: campaignId(), donor_id: donor.donor_id, commitment_date: today(), commitment_amount_cents: 1_000, instalments: [] }, 'x'.repeat(201));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
    const badExpense = await send(P.addExpense, { campaign_id: campaignId(), expense_date: today(), amount_cents: 100, payee: 'X', purpose: 'campaign_literature', payment_method: 'check' }, 'with space');
    expect(badExpense.statusCode).toBe(400);
    expect((await t.db.select({ id: pledges.id }).from(pledges).where(eq(pledges.donorId, donor.donor_id))).length).toBe(0);
  });
});
