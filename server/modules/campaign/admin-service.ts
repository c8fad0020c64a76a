/** Platform administration of campaigns: the queue of campaigns awaiting activation, and activation. */
import type { FastifyInstance } from 'fastify';
import type { CampaignView, PendingCampaignListData } from '../../../domain/campaign';
import { campaignNotFound } from '../../plugins/access';
import type { AuthUser } from '../../plugins/auth';
import { fail } from '../../plugins/errors';
import { insertAudit } from './audit-repository';
import { campaignActivatedMessage } from './campaign-emails';
import { findCampaignById, listOwnerEmails, listPendingCampaigns, transitionCampaignStatus } from './repository';
import { toCampaignView } from './view';

export async function listPending(app: FastifyInstance, filter: { page: number; limit: number; search?: string }): Promise<PendingCampaignListData> {
  const { rows, total } = await listPendingCampaigns(app.db, filter);
  return {
    campaign_list: rows.map(({ campaign, creator }) => ({
      campaign_id: campaign.id,
      campaign_name: campaign.campaignName,
      slug: campaign.slug,
      office_sought: campaign.officeSought,
      election_cycle: campaign.electionCycle,
      committee_name: campaign.committeeName,
      created_at: campaign.createdAt.toISOString(),
      created_by: creator ? { user_id: creator.id, name: creator.name, email: creator.email } : null,
    })),
    total,
    page: filter.page,
    limit: filter.limit,
  };
}

/** pending → active (its slug is frozen from now on); the owners are told by e-mail. */
export async function approveCampaign(app: FastifyInstance, admin: AuthUser, id: string, origin: string): Promise<CampaignView> {
  const now = app.clock.now();
  const row = await app.db.transaction(async (tx) => {
    const updated = await transitionCampaignStatus(tx, id, 'pending', { status: 'active', activatedAt: now, activatedBy: admin.id }, now);
    if (!updated) {
      if (!(await findCampaignById(tx, id))) throw campaignNotFound();
      throw fail(409, 'CAMPAIGN_NOT_PENDING');
    }
    await insertAudit(tx, { campaignId: id, actorId: admin.id, action: 'campaign.activated' }, now);
    return updated;
  });
  app.log.info({ campaignId: id, adminId: admin.id }, 'campaign activated');
  for (const email of await listOwnerEmails(app.db, id)) {
    await app.outbox.send(campaignActivatedMessage({ email, campaignName: row.campaignName, campaignUrl: `${origin}/campaign` }));
  }
  return toCampaignView(row, { role: null, resourceNames: [] }, now, origin);
}
