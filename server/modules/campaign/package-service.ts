/**
 * Packages: prices (domain/packages.ts) and, until online purchase exists, grants by a platform
 * administrator. A grant on a campaign whose package is still ACTIVE extends it (total_purchased_year
 * += years, purchase date kept); otherwise a new term starts now (purchase_date = now,
 * total_purchased_year = years). Either way the package is ACTIVE, the expiry popup may show again,
 * and a campaign_packages row records the grant. Expiry: domain/package-expiry.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/executor';
import type { CampaignView, PackageListData, PackagePriceItem } from '../../../domain/campaign';
import { packageExpiry } from '../../../domain/package-expiry';
import { PACKAGE_PRICES, packagePrice } from '../../../domain/packages';
import type { CampaignContext } from '../../plugins/access';
import { campaignNotFound } from '../../plugins/access';
import type { AuthUser } from '../../plugins/auth';
import { fail } from '../../plugins/errors';
import { insertAudit } from './audit-repository';
import { insertCampaignPackage } from './package-repository';
import { findCampaignById, lockCampaign, updateCampaign, type CampaignRow } from './repository';
import { packageView, toCampaignView } from './view';

export function priceOf(years: number): PackagePriceItem {
  const price = packagePrice(years);
  if (!price) throw fail(404, 'PACKAGE_NOT_FOUND');
  return price;
}

export async function listPackages(app: FastifyInstance, ctx: CampaignContext): Promise<PackageListData> {
  const row = await findCampaignById(app.db, ctx.id);
  if (!row) throw campaignNotFound();
  return { campaign_id: row.id, ...packageView(row, app.clock.now()), package_list: [...PACKAGE_PRICES] };
}

/**
 * Starts or extends the campaign's package by `years` in the caller's transaction (the campaign row
 * locked), records the campaign_packages row and the audit entry. Used by the admin grant and by an
 * online purchase once its payment is captured.
 */
export async function applyPackage(
  tx: Tx,
  campaignId: string,
  years: number,
  how: { source: 'grant' | 'purchase'; amountCents: number; actorId: string | null; now: Date; paymentId?: string; details?: Record<string, unknown> },
): Promise<CampaignRow> {
  const price = priceOf(years);
  const { now } = how;
  const campaign = await lockCampaign(tx, campaignId);
  if (!campaign) throw campaignNotFound();
  if (how.source === 'grant' && campaign.status === 'archived') throw fail(409, 'CAMPAIGN_ARCHIVED');
  const extend = packageView(campaign, now).package_status === 'ACTIVE';
  const purchaseDate = extend && campaign.purchaseDate ? campaign.purchaseDate : now;
  const totalPurchasedYear = extend ? campaign.totalPurchasedYear + years : years;
  const updated = await updateCampaign(tx, campaignId, { packageStatus: 'ACTIVE', purchaseDate, totalPurchasedYear, isPopupShown: 0 }, now);
  if (!updated) throw campaignNotFound();
  await insertCampaignPackage(tx, {
    campaignId,
    years,
    amountCents: how.amountCents,
    source: how.source,
    grantedBy: how.actorId,
    paymentId: how.paymentId ?? null,
    purchaseDate,
    expiresAt: packageExpiry(purchaseDate, totalPurchasedYear)!,
    createdAt: now,
  });
  const action = how.source === 'grant' ? 'package.granted' : 'package.purchased';
  await insertAudit(tx, { campaignId, actorId: how.actorId, action, details: { years, list_price_cents: price.price_cents, extended: extend, ...(how.details ?? {}) } }, now);
  return updated;
}

export async function grantPackage(app: FastifyInstance, admin: AuthUser, campaignId: string, years: number, origin: string): Promise<CampaignView> {
  priceOf(years);
  const now = app.clock.now();
  const row = await app.db.transaction((tx) => applyPackage(tx, campaignId, years, { source: 'grant', amountCents: 0, actorId: admin.id, now }));
  app.log.info({ campaignId, adminId: admin.id, years }, 'package granted');
  return toCampaignView(row, { role: null, resourceNames: [] }, now, origin);
}
