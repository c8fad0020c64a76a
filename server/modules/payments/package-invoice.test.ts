/**
 * Issue 33.12 and 33.13: a package invoice carries seller, buyer with billing address, number, date,
 * service period, package name, amount, payment reference and "Paid" (read with pdftotext as a
 * person sees it); the purchase history lists an administrator's grant beside purchases.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutStarted, PurchaseView } from '../../../domain/payments/api-contract';
import { adminSignIn, get, post } from '../../test/auth-helpers';
import { demoSignIn, toSession, type Session } from '../../test/campaign-helpers';
import { onlineGiving } from '../../test/payment-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';

describe('package invoices and purchase history', () => {
  let t: TestApp;
  let owner: Session;
  let rivera: string;
  beforeAll(async () => {
    t = await buildTestApp({ seed: true });
    owner = await demoSignIn(t, 'owner');
    rivera = t.seeded!.secondCampaign!.id;
    await t.pool.query("update campaigns set address = '250 Broadway', apt_unit = 'Suite 1200', city = 'New York', state = 'new_york', zip = '10007' where id = $1", [rivera]);
  });
  afterAll(async () => t?.close());

  const { approve, capture } = onlineGiving(() => t);

  it('lists a grant and a purchase, each with its service period, and the invoice says what was bought and paid', async () => {
    const admin = toSession(await adminSignIn(t));
    const grant = await post(t, '/campaign/package/grant_package', { campaign_id: rivera, years: 1 }, admin.token);
    expect(grant.statusCode, grant.body).toBe(200);

    const started = await post(t, '/payment/purchase-package', { campaign_id: rivera, years: 2, idempotency_key: randomUUID() }, owner.token);
    expect(started.statusCode, started.body).toBe(201);
    const checkout = started.json().data as CheckoutStarted;
    await approve(checkout.order_id);
    expect((await capture(checkout)).json().data).toMatchObject({ status: 'completed' });

    const list = (await get(t, `/payment/purchase-list/${rivera}`, owner.token)).json().data as PurchaseView[];
    expect(list.map((p) => [p.source, p.years, p.amount_cents, p.has_invoice])).toEqual([
      ['purchase', 2, 55_000, true],
      ['grant', 1, 0, false],
    ]);
    const [bought, granted] = list;
    // The purchase extended the active granted year: its two years start where the grant's year ends.
    expect(bought!.period_from).toBe(granted!.period_to);
    expect(Number(bought!.period_to!.slice(0, 4)) - Number(granted!.period_to!.slice(0, 4))).toBe(2);

    const invoice = await get(t, `/payment/purchase-invoice/${checkout.payment_id}?campaign_id=${rivera}`, owner.token);
    expect(invoice.statusCode).toBe(200);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: invoice.rawPayload }).toString('utf8');
    const dmy = (iso: string) => iso.split('-').reverse().join('-');
    for (const expected of [
      'Seller',
      'Campaign Donation Tracker',
      'Billed to',
      'Neighbors for Rivera',
      '250 Broadway, Suite 1200',
      'New York, New York 10007',
      `Invoice number: ${bought!.receipt_number}`,
      'Campaign package, 2 years',
      `Service period: ${dmy(bought!.period_from!)} to ${dmy(bought!.period_to!)}`,
      'Amount: $550.00',
      'Payment reference: PayPal ',
      'Paid: $550.00',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('(PACKAGE)');
  });
});
