/**
 * Package purchase (SPEC §1 type key PACKAGE): the owner or manager pays the list price of 1, 2 or 3
 * years through the platform's PayPal account; on capture record-payment.ts starts or extends the
 * package (the same rule as the admin grant). purchase-list answers the campaign's purchases and
 * grants; the invoice PDF of a completed purchase is package-invoice.ts.
 */
import type { FastifyInstance } from 'fastify';
import { packagePeriod } from '../../../domain/package-expiry';
import type { CheckoutStarted, PurchasePackageBody, PurchaseView } from '../../../domain/payments/api-contract';
import { campaignNotFound, type CampaignContext } from '../../plugins/access';
import type { AuthUser } from '../../plugins/auth';
import { fail } from '../../plugins/errors';
import { listCampaignPackages } from '../campaign/package-repository';
import { priceOf } from '../campaign/package-service';
import { findCampaignById } from '../campaign/repository';
import { createOrderFor } from './giving-service';
import { platformAccount } from './paypal-gateway';
import { insertPaymentOnce, listPurchases } from './payment-repository';

export const PACKAGE_TYPE_KEY = 'PACKAGE';

export async function purchasePackage(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, body: PurchasePackageBody, origin: string): Promise<CheckoutStarted> {
  const price = priceOf(body.years);
  const campaign = await findCampaignById(app.db, ctx.id);
  if (!campaign) throw campaignNotFound();
  const account = platformAccount(app);
  if (!account) throw fail(409, 'GATEWAY_NOT_CONFIGURED');
  const { row } = await insertPaymentOnce(app.db, {
    campaignId: ctx.id,
    kind: 'package',
    status: 'created',
    mode: account.mode,
    amountCents: price.price_cents,
    idempotencyKey: body.idempotency_key,
    packageYears: body.years,
    createdBy: auth.id,
    donorDetails: { type_key: PACKAGE_TYPE_KEY },
  });
  if (row.status !== 'created' || row.packageYears !== body.years) throw fail(409, 'CONFLICT', { reason: 'PAYMENT_ALREADY_STARTED', payment_id: row.id, status: row.status });
  return createOrderFor(app, account, row, { description: `${price.label} package for ${campaign.campaignName} (${PACKAGE_TYPE_KEY})`, brandName: 'Campaign Donation Tracker' }, origin);
}

/**
 * The campaign's packages, newest first: purchases (any state) and administrators' grants, each
 * with the service period it added once active.
 */
export async function purchaseList(app: FastifyInstance, ctx: CampaignContext): Promise<PurchaseView[]> {
  const [purchases, packages] = await Promise.all([listPurchases(app.db, ctx.id), listCampaignPackages(app.db, ctx.id)]);
  const packageOf = new Map(packages.filter((p) => p.paymentId !== null).map((p) => [p.paymentId, p]));
  const bought: PurchaseView[] = purchases.map((p) => {
    const pkg = packageOf.get(p.id);
    const period = pkg ? packagePeriod(pkg) : null;
    return {
      payment_id: p.id,
      source: 'purchase',
      date: (p.completedAt ?? p.createdAt).toISOString(),
      years: p.packageYears ?? 0,
      amount_cents: p.amountCents,
      status: p.status === 'capturing' ? 'approved' : (p.status as PurchaseView['status']),
      receipt_number: p.receiptNumber,
      has_invoice: p.status === 'completed',
      period_from: period?.from ?? null,
      period_to: period?.to ?? null,
    };
  });
  const granted: PurchaseView[] = packages
    .filter((p) => p.source === 'grant')
    .map((p) => {
      const period = packagePeriod(p);
      return {
        payment_id: p.id,
        source: 'grant',
        date: p.createdAt.toISOString(),
        years: p.years,
        amount_cents: 0,
        status: 'completed',
        receipt_number: null,
        has_invoice: false,
        period_from: period.from,
        period_to: period.to,
      };
    });
  return [...bought, ...granted].sort((a, b) => b.date.localeCompare(a.date));
}
