/**
 * What each PayPal answer to a capture does to the books (issue 29, the capture side), on a real
 * database through the same PayPal client against the stand-in:
 * - an answer lost after PayPal captured (our timeout) → unknown, never failed; one reconciliation pass
 *   records it once with one receipt;
 * - PayPal down at capture → unknown; reconciled (captured once) when PayPal is back;
 * - a lost 5xx, a 429, an expired token, a 400: retried / refreshed / unknown, never "declined";
 * - a PENDING capture → pending (not raised, counted against the limit room), completed or released later;
 * - a decline with a documented 422 issue → the donor goes back to PayPal for the same order;
 * - two tabs paying one pledge link → paid never exceeds the commitment;
 * - the stand-in: OAuth only with the app's secret; its HTTP controls only behind the test switch.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DONOR_BOOK_PATHS } from '../../../domain/donor-book/api-contract';
import { type CheckoutStarted, type GivingPage, type PaymentStatusView } from '../../../domain/payments/api-contract';
import { loadConfig } from '../../config';
import { donations, donors, outbox, payments, pledges } from '../../db/schema';
import { ManualClock } from '../../plugins/clock';
import { get, post } from '../../test/auth-helpers';
import { demoSignIn, type Session } from '../../test/campaign-helpers';
import { addDonor, addPledge } from '../../test/donor-book-helpers';
import { GIVING_SLUG, onlineGiving, demoPaypalApp } from '../../test/payment-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';
import { pledgeLinkUrl } from './pledge-link-token';
import { reconcilePayments } from './reconcile-job';

describe('capture outcomes: the books follow what PayPal says', () => {
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

  const { start, startOk, approve, capture } = onlineGiving(() => t);
  const paypal = demoPaypalApp(() => t);
  const status = async (c: CheckoutStarted) => (await get(t, `/payment/status/${c.payment_id}?order_id=${c.order_id}`)).json().data as PaymentStatusView;

  async function donationsOf(email: string) {
    return t.db
      .select({ id: donations.id, amount: donations.paidAmountCents })
      .from(donations)
      .innerJoin(donors, eq(donors.id, donations.donorId))
      .where(and(eq(donors.campaignId, campaignId()), eq(donors.donorEmail, email)));
  }

  async function receiptsTo(email: string) {
    return t.db.select().from(outbox).where(and(eq(outbox.recipient, email), eq(outbox.purpose, 'donation_receipt')));
  }

  /** Makes the payment old enough for the reconciliation (rows are aged, not the clock, which would end the owner's session). */
  async function age(paymentId: string) {
    await t.db.update(payments).set({ updatedAt: new Date(clock.now().getTime() - 4 * 60_000) }).where(eq(payments.id, paymentId));
  }

  const paymentRow = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!;

  it('PayPal down at capture (5xx on every try): unknown, not failed; the reconciliation captures it once PayPal is back', async () => {
    const email = 'paypal-down@example.com';
    const started = await startOk(1_700, email);
    await approve(started.order_id);
    for (let i = 0; i < 3; i++) t.app.paypalStandin.failNext('capture', 503);
    const res = await capture(started);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data.status).toBe('unknown');
    expect((await paypal.order(started.order_id)).status).toBe('APPROVED');
    await age(started.payment_id);
    await reconcilePayments(t.app);
    expect((await paymentRow(started.payment_id)).status).toBe('completed');
    expect(await donationsOf(email)).toHaveLength(1);
    expect(await receiptsTo(email)).toHaveLength(1);
  });

  it('a 5xx whose capture did happen is retried with the same PayPal-Request-Id: recorded once', async () => {
    const email = 'retry-5xx@example.com';
    const started = await startOk(1_900, email);
    await approve(started.order_id);
    t.app.paypalStandin.loseNext('capture', 'error');
    const res = await capture(started);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('completed');
    expect((await paypal.order(started.order_id)).purchase_units[0]!.payments!.captures).toHaveLength(1);
    expect(await donationsOf(email)).toHaveLength(1);
  });

  it('a 429 is retried, an expired token refreshed once: neither reaches the donor as "declined"', async () => {
    const busy = await startOk(1_100, 'busy@example.com');
    await approve(busy.order_id);
    t.app.paypalStandin.failNext('capture', 429);
    const first = await capture(busy);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.status).toBe('completed');

    const expired = await startOk(1_200, 'expired-token@example.com');
    await approve(expired.order_id);
    t.app.paypalStandin.expireTokens();
    const second = await capture(expired);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.status).toBe('completed');
    expect(await donationsOf('busy@example.com')).toHaveLength(1);
    expect(await donationsOf('expired-token@example.com')).toHaveLength(1);
  });

  it('a 400 or a 401 that a refresh does not cure at capture: unknown (we are confirming), never "declined; nothing was charged"', async () => {
    for (const failure of [400, 401] as const) {
      const email = `refused-${failure}@example.com`;
      const started = await startOk(1_300, email);
      await approve(started.order_id);
      // A 401 is answered twice (the refreshed token is refused too); a 400 is not tried again.
      for (let i = 0; i < (failure === 401 ? 2 : 1); i++) t.app.paypalStandin.failNext('capture', failure);
      const res = await capture(started);
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json().data.status).toBe('unknown');
      expect(res.body).not.toContain('PAYMENT_DECLINED');
      await age(started.payment_id);
      await reconcilePayments(t.app);
      expect(await donationsOf(email)).toHaveLength(1);
    }
  });

  it('a PENDING capture: pending (not raised, counted against the limit room), completed by the webhook once', async () => {
    const page = (await get(t, `/payment/giving-page/${GIVING_SLUG}`)).json().data as GivingPage;
    const email = 'pending@example.com';
    const started = await startOk(5_000, email);
    await approve(started.order_id);
    t.app.paypalStandin.pendNext();
    const res = await capture(started);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data).toMatchObject({ status: 'pending', failure_code: 'PAYMENT_PENDING' });
    expect(await donationsOf(email)).toHaveLength(0);
    // The pending $50 counts against the donor's limit room.
    const over = await start(page.limit_cents! - 5_000 + 100, email);
    expect(over.statusCode).toBe(422);
    expect(over.json().code).toBe('COMMITMENT_EXCEEDS_LIMIT');
    // PayPal clears it days later: PAYMENT.CAPTURE.COMPLETED records it once.
    const captureId = (await paymentRow(started.payment_id)).captureId!;
    t.app.paypalStandin.holdWebhooks(false);
    await t.app.paypalStandin.settlePending(captureId, 'COMPLETED');
    await t.app.paypalStandin.deliverHeld();
    await t.app.paypalStandin.settled();
    expect((await paymentRow(started.payment_id)).status).toBe('completed');
    expect(await donationsOf(email)).toEqual([expect.objectContaining({ amount: 5_000 })]);
    expect(await receiptsTo(email)).toHaveLength(1);
    await age(started.payment_id);
    await reconcilePayments(t.app);
    expect(await donationsOf(email)).toHaveLength(1);
  });

  it('a PENDING capture completed or denied at PayPal is settled by the reconciliation; a denied one releases the limit room', async () => {
    const page = (await get(t, `/payment/giving-page/${GIVING_SLUG}`)).json().data as GivingPage;
    const cleared = await startOk(2_000, 'pending-cleared@example.com');
    const denied = await startOk(page.limit_cents! - 1_000, 'pending-denied@example.com');
    for (const c of [cleared, denied]) {
      await approve(c.order_id);
      t.app.paypalStandin.pendNext();
      expect((await capture(c)).json().data.status).toBe('pending');
    }
    expect((await start(2_000, 'pending-denied@example.com')).statusCode).toBe(422);
    await t.app.paypalStandin.settlePending((await paymentRow(cleared.payment_id)).captureId!, 'COMPLETED');
    await t.app.paypalStandin.settlePending((await paymentRow(denied.payment_id)).captureId!, 'DECLINED');
    await age(cleared.payment_id);
    await age(denied.payment_id);
    await reconcilePayments(t.app);
    expect((await paymentRow(cleared.payment_id)).status).toBe('completed');
    expect((await paymentRow(denied.payment_id)).status).toBe('declined');
    expect(await donationsOf('pending-cleared@example.com')).toHaveLength(1);
    expect(await donationsOf('pending-denied@example.com')).toHaveLength(0);
    expect((await start(2_000, 'pending-denied@example.com')).statusCode).toBe(201);
  });

  it('INSTRUMENT_DECLINED sends the donor back to PayPal for the same order; another funding source then completes it', async () => {
    const email = 'choose-again@example.com';
    const started = await startOk(1_400, email);
    await approve(started.order_id, 'decline');
    const res = await capture(started);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'PAYMENT_CHOOSE_ANOTHER_SOURCE', details: { approve_url: expect.stringContaining(`token=${started.order_id}`) } });
    expect((await status(started)).status).toBe('created');
    // While the donor chooses, the reconciliation does not capture the declined instrument again (a
    // capture try would meet PayPal down and leave the payment unknown).
    for (let i = 0; i < 3; i++) t.app.paypalStandin.failNext('capture', 503);
    await age(started.payment_id);
    await reconcilePayments(t.app);
    expect((await paymentRow(started.payment_id)).status).toBe('created');
    t.app.paypalStandin.clearFaults();
    await approve(started.order_id); // the donor picks another card at PayPal
    const done = await capture(started);
    expect(done.statusCode, done.body).toBe(200);
    expect(await donationsOf(email)).toHaveLength(1);
  });

  it('PAYER_ACTION_REQUIRED and REDIRECT_PAYER_FOR_ALTERNATE_FUNDING also send the donor back, not end the payment', async () => {
    for (const issue of ['PAYER_ACTION_REQUIRED', 'REDIRECT_PAYER_FOR_ALTERNATE_FUNDING']) {
      const email = `${issue.toLowerCase()}@example.com`;
      const started = await startOk(1_000, email);
      await approve(started.order_id);
      t.app.paypalStandin.failNext('capture', 422, issue);
      const res = await capture(started);
      expect(res.statusCode).toBe(402);
      expect(res.json().code).toBe('PAYMENT_CHOOSE_ANOTHER_SOURCE');
      await approve(started.order_id);
      expect((await capture(started)).statusCode).toBe(200);
      expect(await donationsOf(email)).toHaveLength(1);
    }
  });

  it('two tabs pay one pledge link, both approved and captured at once: paid never exceeds the commitment', async () => {
    const person = await addDonor(t, owner.token, campaignId(), { donor_email: 'two-tabs@example.com' });
    const pledge = await addPledge(t, owner.token, campaignId(), person.donor_id, { commitment_amount_cents: 2_500, commitment_date: today() });
    const link = await pledgeLinkUrl(t.app, campaignId(), pledge.pledge_id, t.app.config.publicUrl);
    const token = decodeURIComponent(new URL(link).searchParams.get('token')!);
    const tabs = [await startOk(2_500, 'two-tabs@example.com', { pledge_token: token }), await startOk(2_500, 'tab-two@example.com', { pledge_token: token })];
    for (const tab of tabs) await approve(tab.order_id);
    const answers = await Promise.all(tabs.map((tab) => capture(tab)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((a) => a.statusCode === 422)!.json().code).toBe('PLEDGE_ALREADY_PAID');
    const [row] = await t.db.select({ paid: pledges.paidCents, committed: pledges.commitmentAmountCents }).from(pledges).where(eq(pledges.id, pledge.pledge_id));
    expect(row!.paid).toBe(2_500);
    const captured = await Promise.all(tabs.map(async (tab) => (await paypal.order(tab.order_id)).status));
    expect(captured.filter((s) => s === 'COMPLETED')).toHaveLength(1);
  });

  it('staff record the rest of the pledge by check between approval and capture: the online payment is not captured', async () => {
    const person = await addDonor(t, owner.token, campaignId(), { donor_email: 'check-first@example.com' });
    const pledge = await addPledge(t, owner.token, campaignId(), person.donor_id, { commitment_amount_cents: 3_000, commitment_date: today() });
    const link = await pledgeLinkUrl(t.app, campaignId(), pledge.pledge_id, t.app.config.publicUrl);
    const started = await startOk(3_000, 'check-first@example.com', { pledge_token: decodeURIComponent(new URL(link).searchParams.get('token')!) });
    await approve(started.order_id);
    const check = await post(
      t,
      DONOR_BOOK_PATHS.addDonation,
      { campaign_id: campaignId(), donor_id: person.donor_id, pledge_id: pledge.pledge_id, paying_date: today(), paid_amount_cents: 3_000, payment_method: 'check' },
      owner.token,
    );
    expect(check.statusCode, check.body).toBe(201);
    const res = await capture(started);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('PLEDGE_ALREADY_PAID');
    expect((await paypal.order(started.order_id)).status).toBe('APPROVED');
  });

  it('the stand-in gives a token only for the app secret, so a wrong secret is refused when the gateway is saved', async () => {
    for (const secret of ['any-other-secret', 'local-test-secreT']) {
      const res = await post(t, '/payment/configure-payment-gateway', { campaign_id: campaignId(), provider: 'paypal', mode: 'local', client_id: 'demo-campaign-local', client_secret: secret }, owner.token);
      expect(res.json().code).toBe('GATEWAY_CREDENTIALS_REJECTED');
    }
  });

  it('the stand-in has no HTTP control endpoint unless the test switch is on; the switch is refused in production', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/paypal-standin/_control', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ action: 'fail-next', call: 'capture' }) });
    expect(res.statusCode).toBe(404);
    const dir = path.join(os.tmpdir(), `cdt-standin-control-${randomUUID()}`);
    expect(() => loadConfig({ NODE_ENV: 'production', TOKEN_SECRET: 'x'.repeat(32), PAYPAL_STANDIN_CONTROL: 'true' }, dir)).toThrow(/PAYPAL_STANDIN_CONTROL/);
    expect(loadConfig({ NODE_ENV: 'test', TOKEN_SECRET: 'x'.repeat(32), PAYPAL_STANDIN_CONTROL: 'true' }, dir).paypalStandinControl).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', TOKEN_SECRET: 'x'.repeat(32) }, dir).paypalStandinControl).toBe(false);
  });

  // Last of the webhook-using tests: the lost answer's own request never ends (until the app closes),
  // so its PAYMENT.CAPTURE.COMPLETED stays held; a later settled() would wait for it.
  it('a capture answered by our timeout while PayPal captured: unknown, the donor told we are confirming; one reconciliation pass records it once, one receipt', async () => {
    const email = 'lost-answer@example.com';
    const started = await startOk(2_200, email);
    await approve(started.order_id);
    t.app.paypalStandin.loseNext('capture', 'hang');
    const res = await capture(started);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data).toMatchObject({ status: 'unknown', failure_code: 'PAYMENT_OUTCOME_UNKNOWN', receipt_number: null });
    expect((await status(started)).status).toBe('unknown');
    expect((await paypal.order(started.order_id)).status).toBe('COMPLETED'); // PayPal has the money
    expect(await donationsOf(email)).toHaveLength(0);
    // The donor presses again: still confirming, nothing captured twice, never "try again".
    expect((await capture(started)).statusCode).toBe(202);

    await age(started.payment_id);
    await reconcilePayments(t.app);
    expect(await donationsOf(email)).toEqual([expect.objectContaining({ amount: 2_200 })]);
    expect(await receiptsTo(email)).toHaveLength(1);
    await age(started.payment_id);
    await reconcilePayments(t.app);
    expect(await donationsOf(email)).toHaveLength(1);
    expect(await receiptsTo(email)).toHaveLength(1);
    const done = await capture(started);
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'completed', receipt_number: expect.stringMatching(/^R-/) });
  });

  it('the reconcile report lists a capture PayPal made that the books miss (owner only), until the reconciliation records it', async () => {
    const email = 'report-gap@example.com';
    const started = await startOk(1_600, email);
    await approve(started.order_id);
    // PayPal captured, and nothing reached us (no answer, no webhook yet).
    await paypal.captureAtPaypal(started);
    const report = await get(t, `/payment/reconcile-report/${campaignId()}`, owner.token);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().data.rows).toEqual([
      expect.objectContaining({ payment_id: started.payment_id, status: 'created', paypal_order_status: 'COMPLETED', paypal_capture_status: 'COMPLETED', difference: 'CAPTURED_NOT_RECORDED' }),
    ]);
    expect((await get(t, `/payment/reconcile-report/${campaignId()}`)).statusCode).toBe(401);
    await age(started.payment_id);
    await reconcilePayments(t.app);
    expect(await donationsOf(email)).toHaveLength(1);
    expect((await get(t, `/payment/reconcile-report/${campaignId()}`, owner.token)).json().data.rows).toEqual([]);
  });

  it('after all of the above, every online payment agrees with PayPal: the reconcile report is empty', async () => {
    const rows = await t.db.execute(sql`select status, count(*)::int as n from payments where status in ('unknown', 'capturing') group by status`);
    expect(rows.rows).toEqual([]);
    const report = (await get(t, `/payment/reconcile-report/${campaignId()}`, owner.token)).json().data as { checked: number; rows: unknown[] };
    const ordered = await t.db.execute(sql`select count(*)::int as n from payments where campaign_id = ${campaignId()} and order_id is not null`);
    expect(report.checked).toBe((ordered.rows[0] as { n: number }).n);
    expect(report.rows).toEqual([]);
  });
});
