/**
 * Archiving: an owner archives an active campaign (it becomes read-only: the access plugin answers
 * 409 CAMPAIGN_ARCHIVED to every write in it, its public page disappears, the header selector
 * drops it) and may restore it to active. Managers and other roles cannot.
 */
import type { FastifyInstance } from 'fastify';
import type { CampaignStatus, CampaignView } from '../../../domain/campaign';
import type { ErrorCode } from '../../../domain/error-codes';
import type { CampaignContext } from '../../plugins/access';
import { campaignNotFound } from '../../plugins/access';
import type { AuthUser } from '../../plugins/auth';
import { fail } from '../../plugins/errors';
import { insertAudit } from './audit-repository';
import { findCampaignById, transitionCampaignStatus } from './repository';
import { toCampaignView } from './view';

async function transition(
  app: FastifyInstance,
  ctx: CampaignContext,
  auth: AuthUser,
  change: { from: CampaignStatus; to: CampaignStatus; action: string; refusal: ErrorCode },
  origin: string,
): Promise<CampaignView> {
  if (ctx.role !== 'owner') throw fail(403, 'FORBIDDEN');
  const now = app.clock.now();
  const row = await app.db.transaction(async (tx) => {
    const updated = await transitionCampaignStatus(tx, ctx.id, change.from, { status: change.to }, now);
    if (!updated) {
      if (!(await findCampaignById(tx, ctx.id))) throw campaignNotFound();
      throw fail(409, change.refusal);
    }
    await insertAudit(tx, { campaignId: ctx.id, actorId: auth.id, action: change.action }, now);
    return updated;
  });
  app.log.info({ campaignId: ctx.id, userId: auth.id, status: change.to }, change.action);
  return toCampaignView(row, { role: ctx.role, resourceNames: ctx.resourceNames }, now, origin);
}

/** active → archived (owners only). */
export function archiveCampaign(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, origin: string): Promise<CampaignView> {
  return transition(app, ctx, auth, { from: 'active', to: 'archived', action: 'campaign.archived', refusal: 'CAMPAIGN_NOT_ACTIVE' }, origin);
}

/** archived → active (owners only). */
export function restoreCampaign(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, origin: string): Promise<CampaignView> {
  return transition(app, ctx, auth, { from: 'archived', to: 'active', action: 'campaign.restored', refusal: 'CAMPAIGN_NOT_ARCHIVED' }, origin);
}
