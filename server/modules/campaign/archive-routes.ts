import type { FastifyInstance } from 'fastify';
import { CAMPAIGN_PATHS } from '../../../domain/campaign';
import { archiveCampaignRequestSchema } from '../../../domain/validation/campaign';
import { currentCampaign } from '../../plugins/access';
import { currentUser } from '../../plugins/auth';
import { linkOrigin } from '../../plugins/link-origin';
import { success } from '../../plugins/respond';
import { validateBody } from '../../plugins/validate';
import { archiveCampaign, restoreCampaign } from './archive-service';

/** Archive and restore (owners: campaign.write plus the owner role, checked by the service). */
export async function archiveRoutes(app: FastifyInstance): Promise<void> {
  app.post(CAMPAIGN_PATHS.archiveCampaign, { config: { access: { campaign: 'campaign.write', from: 'body.campaign_id' } } }, async (request) => {
    await validateBody(archiveCampaignRequestSchema, request.body);
    return success(await archiveCampaign(app, currentCampaign(request), currentUser(request), linkOrigin(request)), 'CAMPAIGN_ARCHIVED');
  });

  // The one write an archived campaign accepts.
  app.post(CAMPAIGN_PATHS.restoreCampaign, { config: { access: { campaign: 'campaign.write', from: 'body.campaign_id', allowArchived: true } } }, async (request) => {
    await validateBody(archiveCampaignRequestSchema, request.body);
    return success(await restoreCampaign(app, currentCampaign(request), currentUser(request), linkOrigin(request)), 'CAMPAIGN_RESTORED');
  });
}
