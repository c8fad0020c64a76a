import type { FastifyInstance } from 'fastify';
import { CAMPAIGN_PATHS } from '../../../domain/campaign';
import { currentUser } from '../../plugins/auth';
import { success } from '../../plugins/respond';
import { validateParams } from '../../plugins/validate';
import { listOfficesSought, listStates } from './reference-repository';
import { electionCyclesFor } from './reference-service';
import { officeOrCampaignParamsSchema } from './route-schemas';

/** Reference lists for the campaign form (small, fixed: one page). */
export async function referenceRoutes(app: FastifyInstance): Promise<void> {
  const signedIn = { config: { access: 'signed-in' } } as const;
  const page = <T>(name: string, items: T[]) => success({ [`${name}_list`]: items, total: items.length, page: 1, limit: Math.max(items.length, 1) });

  app.get(CAMPAIGN_PATHS.listOfficeSought, signedIn, async () => page('office_sought', await listOfficesSought(app.db)));

  app.get(CAMPAIGN_PATHS.listState, signedIn, async () => page('state', await listStates(app.db)));

  app.get('/campaign/list_election_cycle/:id', signedIn, async (request) => {
    const { id } = await validateParams(officeOrCampaignParamsSchema, request.params);
    return page('election_cycle', await electionCyclesFor(app, currentUser(request), id));
  });
}
