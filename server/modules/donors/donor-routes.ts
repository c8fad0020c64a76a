import type { FastifyInstance } from 'fastify';
import { DONOR_BOOK_PATHS as P } from '../../../domain/donor-book/api-contract';
import {
  addDonorRequestSchema,
  donorListQuerySchema,
  donorParamsSchema,
  donorTagsQuerySchema,
  mergeDonorRequestSchema,
  updateDonorRequestSchema,
} from '../../../domain/validation/donors';
import { currentCampaign } from '../../plugins/access';
import { currentUser } from '../../plugins/auth';
import { sendSuccess, success } from '../../plugins/respond';
import { validateBody, validateParams, validateQuery } from '../../plugins/validate';
import { addDonor, deleteDonor, getDonorDetail, listDonors, listDonorTags, mergeDonors, updateDonorFields } from './donor-service';

const read = { config: { access: { campaign: 'donor.read', from: 'params.campaignId' } } } as const;
const writeBody = { config: { access: { campaign: 'donor.write', from: 'body.campaign_id' } } } as const;
const writeParams = { config: { access: { campaign: 'donor.write', from: 'params.campaignId' } } } as const;

/** Donors: /donation/donor/… add, update, get, delete, merge, list, tags. */
export async function donorRoutes(app: FastifyInstance): Promise<void> {
  app.post(P.addDonor, writeBody, async (request, reply) => {
    const body = await validateBody(addDonorRequestSchema, request.body);
    return reply.code(201).send(success(await addDonor(app, currentCampaign(request), currentUser(request), body), 'DONOR_ADDED'));
  });

  app.post(P.updateDonor, writeBody, async (request) => {
    const body = await validateBody(updateDonorRequestSchema, request.body);
    return success(await updateDonorFields(app, currentCampaign(request), currentUser(request), body.donor_id.toLowerCase(), body), 'DONOR_UPDATED');
  });

  app.get(P.getDonor, read, async (request) => {
    const { donorId } = await validateParams(donorParamsSchema, request.params);
    return success(await getDonorDetail(app, currentCampaign(request), donorId.toLowerCase()));
  });

  app.delete(P.deleteDonor, writeParams, async (request) => {
    const { donorId } = await validateParams(donorParamsSchema, request.params);
    return success(await deleteDonor(app, currentCampaign(request), currentUser(request), donorId.toLowerCase()), 'DONOR_DELETED');
  });

  app.post(P.mergeDonor, writeBody, async (request) => {
    const body = await validateBody(mergeDonorRequestSchema, request.body);
    return success(await mergeDonors(app, currentCampaign(request), currentUser(request), body.survivor_id.toLowerCase(), body.duplicate_id.toLowerCase()), 'DONORS_MERGED');
  });

  app.get(P.listDonor, read, async (request, reply) => {
    const query = await validateQuery(donorListQuerySchema, request.query);
    return sendSuccess(reply, await listDonors(app, currentCampaign(request), query));
  });

  app.get(P.listDonorTags, read, async (request) => {
    const query = await validateQuery(donorTagsQuerySchema, request.query);
    return success(await listDonorTags(app, currentCampaign(request), query));
  });
}
