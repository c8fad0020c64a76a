/**
 * Packages: prices (domain/packages.ts) and, until online purchase exists, grants by a platform
 * administrator. A grant on a campaign whose package is still ACTIVE extends it (total_purchased_year
 * += years, purchase date kept); otherwise a new term starts now (purchase_date = now,
 * total_purchased_year = years). Either way the package is ACTIVE, the expiry popup may show again,
 * and a campaign_packages row records the grant. Expiry: domain/package-expiry.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { CampaignView, PackageListData, PackagePriceItem } from '../../../domain/campaign';
import { packageExpiry } from '../../../domain/package-expiry';
import { PACKAGE_PRICES, packagePrice } from '../../../domain/packages';
import type { CampaignContext } from '../../plugins/access';
import { campaignNotFound } from '../../plugins/access';
import type { AuthUser } from '../../plugins/auth';
import { fail } from '../../plugins/errors';
import { insertAudit } from './audit-repository';
import { insertCampaignPackage } from './package-repository';
import { findCampaignById, lockCampaign, updateCampaign } from './repository';
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

export async function grantPackage(app: FastifyInstance, admin: AuthUser, campaignId: string, years: number): Promise<CampaignView> {
  const price = priceOf(years);
  const now = app.clock.now();
  const row = await app.db.transaction(async (tx) => {
    const campaign = await lockCampaign(tx, campaignId);
    if (!campaign) throw campaignNotFound();
    if (campaign.status === 'archived') throw fail(409, 'CAMPAIGN_ARCHIVED');
    const extend = packageView(campaign, now).package_status === 'ACTIVE';
    const purchaseDate = extend && campaign.purchaseDate ? campaign.purchaseDate : now;
    const totalPurchasedYear = extend ? campaign.totalPurchasedYear + years : years;
    const updated = await updateCampaign(tx, campaignId, { packageStatus: 'ACTIVE', purchaseDate, totalPurchasedYear, isPopupShown: 0 }, now);
    if (!updated) throw campaignNotFound();
    await insertCampaignPackage(tx, {
      campaignId,
      years,
      amountCents: 0,
      source: 'grant',
      grantedBy: admin.id,
      purchaseDate,
      expiresAt: packageExpiry(purchaseDate, totalPurchasedYear)!,
      createdAt: now,
    });
    await insertAudit(tx, { campaignId, actorId: admin.id, action: 'package.granted', details: { years, list_price_cents: price.price_cents, extended: extend } }, now);
    return updated;
  });
  app.log.info({ campaignId, adminId: admin.id, years }, 'package granted');
  return toCampaignView(row, { role: null, resourceNames: [] }, now, app.config.publicUrl);
}
