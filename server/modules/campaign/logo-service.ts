/** Campaign logos: stored under campaign-logos/<campaign id>/ and set as campaigns.logo. */
import type { FastifyInstance } from 'fastify';
import { campaignLogoPrefix, type CampaignView } from '../../../domain/campaign';
import { CAMPAIGN_VALIDATION_MESSAGES as M } from '../../../domain/validation/campaign';
import type { CampaignContext } from '../../plugins/access';
import { campaignNotFound } from '../../plugins/access';
import type { AuthUser } from '../../plugins/auth';
import { fail } from '../../plugins/errors';
import { updateCampaign } from './repository';
import { toCampaignView } from './view';

/**
 * A logo given in create_campaign or update_campaign must be a key uploaded for that campaign
 * (null or '' removes it). create_campaign takes none: the SPA uploads after creating.
 */
export function checkLogoKey(campaignId: string | null, logo: string | null | undefined): void {
  if (logo === undefined || logo === null) return;
  if (campaignId !== null && logo.startsWith(campaignLogoPrefix(campaignId))) return;
  throw fail(400, 'VALIDATION_ERROR', { in: 'body', fields: { logo: M.LOGO_INVALID } });
}

/** Stores the (checked) image and makes it the campaign's logo. Earlier logos stay stored: keys are immutable. */
export async function setCampaignLogo(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, storedName: string, bytes: Buffer, origin: string): Promise<CampaignView> {
  const key = `${campaignLogoPrefix(ctx.id)}${storedName}`;
  await app.storage.save(key, bytes);
  const now = app.clock.now();
  const row = await updateCampaign(app.db, ctx.id, { logo: key }, now);
  if (!row) throw campaignNotFound();
  app.log.info({ campaignId: ctx.id, userId: auth.id, key }, 'campaign logo updated');
  return toCampaignView(row, { role: ctx.role, resourceNames: ctx.resourceNames }, now, origin);
}
