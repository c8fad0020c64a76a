import type { FastifyInstance } from 'fastify';
import { CAMPAIGN_PATHS } from '../../../domain/campaign';
import { grantPackageRequestSchema } from '../../../domain/validation/campaign';
import { currentCampaign } from '../../plugins/access';
import { currentUser } from '../../plugins/auth';
import { linkOrigin } from '../../plugins/link-origin';
import { success } from '../../plugins/respond';
import { validateBody, validateParams } from '../../plugins/validate';
import { grantPackage, listPackages, priceOf } from './package-service';
import { yearsParamsSchema } from './route-schemas';

/** /campaign/package/*: prices, the campaign's package, grants. */
export async function packageRoutes(app: FastifyInstance): Promise<void> {
  // {id} = the number of years.
  app.get('/campaign/package/package-price/:id', { config: { access: 'signed-in' } }, async (request) => {
    const { id } = await validateParams(yearsParamsSchema, request.params);
    return success(priceOf(id));
  });

  // {id} = a campaign id: its package state and the prices per number of years.
  app.get('/campaign/package/list-package-by-year/:id', { config: { access: { campaign: 'package.read', from: 'params.id' } } }, async (request) => {
    return success(await listPackages(app, currentCampaign(request)));
  });

  // Until online purchase exists, a platform administrator grants packages.
  app.post(CAMPAIGN_PATHS.grantPackage, { config: { access: 'platform-admin' } }, async (request) => {
    const body = await validateBody(grantPackageRequestSchema, request.body);
    return success(await grantPackage(app, currentUser(request), body.campaign_id.toLowerCase(), body.years, linkOrigin(request)), 'PACKAGE_GRANTED');
  });
}
