import type { FastifyInstance } from 'fastify';
import { CAMPAIGN_PATHS } from '../../../domain/campaign';
import { currentUser } from '../../plugins/auth';
import { linkOrigin } from '../../plugins/link-origin';
import { success } from '../../plugins/respond';
import { validateParams, validateQuery } from '../../plugins/validate';
import { approveCampaign, listPending } from './admin-service';
import { adminListQuerySchema, idParamsSchema } from './route-schemas';

/** Platform administration of campaigns (platform administrators only). */
export async function campaignAdminRoutes(app: FastifyInstance): Promise<void> {
  const adminOnly = { config: { access: 'platform-admin' } } as const;

  // SPEC §7: a GET activates (the /campaign/approve_campaign screen calls it).
  app.get('/campaign/approve_campaign/:id', adminOnly, async (request) => {
    const { id } = await validateParams(idParamsSchema, request.params);
    return success(await approveCampaign(app, currentUser(request), id.toLowerCase(), linkOrigin(request)), 'CAMPAIGN_ACTIVATED');
  });

  app.get(CAMPAIGN_PATHS.adminListPending, adminOnly, async (request) => {
    return success(await listPending(app, await validateQuery(adminListQuerySchema, request.query)));
  });
}
