import type { FastifyInstance } from 'fastify';
import { DONOR_BOOK_PATHS as P } from '../../../domain/donor-book/api-contract';
import { addPledgeRequestSchema, pledgeListQuerySchema, pledgeParamsSchema, updatePledgeRequestSchema, writeOffPledgeRequestSchema } from '../../../domain/validation/donors';
import { currentCampaign } from '../../plugins/access';
import { currentUser } from '../../plugins/auth';
import { requestKeyOf } from '../../plugins/request-key';
import { success } from '../../plugins/respond';
import { validateBody, validateParams, validateQuery } from '../../plugins/validate';
import { addPledge, deletePledge, listDonorPledges, updatePledge, writeOffPledge } from './pledge-service';

const writeBody = { config: { access: { campaign: 'donor.write', from: 'body.campaign_id' } } } as const;

/** Pledges: /donation/donor/… add, update, write off, delete, pledges-receivable list. */
export async function pledgeRoutes(app: FastifyInstance): Promise<void> {
  app.post(P.addPledge, writeBody, async (request, reply) => {
    const body = await validateBody(addPledgeRequestSchema, request.body);
    const key = requestKeyOf(request, 'add_pledge', body);
    return reply.code(201).send(success(await addPledge(app, currentCampaign(request), currentUser(request), body.donor_id.toLowerCase(), body, key), 'PLEDGE_ADDED'));
  });

  app.post(P.updatePledge, writeBody, async (request) => {
    const body = await validateBody(updatePledgeRequestSchema, request.body);
    return success(await updatePledge(app, currentCampaign(request), currentUser(request), body.pledge_id.toLowerCase(), body), 'PLEDGE_UPDATED');
  });

  app.post(P.writeOffPledge, writeBody, async (request) => {
    const body = await validateBody(writeOffPledgeRequestSchema, request.body);
    return success(await writeOffPledge(app, currentCampaign(request), currentUser(request), body.pledge_id.toLowerCase(), body.reason), 'PLEDGE_WRITTEN_OFF');
  });

  app.delete(P.deletePledge, { config: { access: { campaign: 'donor.write', from: 'params.campaignId' } } }, async (request) => {
    const { pledgeId } = await validateParams(pledgeParamsSchema, request.params);
    return success(await deletePledge(app, currentCampaign(request), currentUser(request), pledgeId.toLowerCase()), 'PLEDGE_DELETED');
  });

  app.get(P.listDonorPledgeInfo, { config: { access: { campaign: 'donor.read', from: 'params.campaignId' } } }, async (request) => {
    const query = await validateQuery(pledgeListQuerySchema, request.query);
    return success(await listDonorPledges(app, currentCampaign(request), query));
  });
}
