import type { FastifyInstance } from 'fastify';
import { DONOR_BOOK_PATHS as P } from '../../../domain/donor-book/api-contract';
import { addMetadataRequestSchema, metadataListQuerySchema, metadataParamsSchema, updateMetadataRequestSchema } from '../../../domain/validation/donors';
import { currentCampaign } from '../../plugins/access';
import { currentUser } from '../../plugins/auth';
import { success } from '../../plugins/respond';
import { validateBody, validateParams, validateQuery } from '../../plugins/validate';
import { addMetadata, deleteMetadata, getMetadata, listMetadata, updateMetadata } from './metadata-service';

const read = { config: { access: { campaign: 'donor.read', from: 'params.campaignId' } } } as const;
const writeBody = { config: { access: { campaign: 'donor.write', from: 'body.campaign_id' } } } as const;

/** Tags and notes: /donation/donor/add_metadata … */
export async function metadataRoutes(app: FastifyInstance): Promise<void> {
  app.post(P.addMetadata, writeBody, async (request, reply) => {
    const body = await validateBody(addMetadataRequestSchema, request.body);
    return reply.code(201).send(success(await addMetadata(app, currentCampaign(request), currentUser(request), body), 'METADATA_ADDED'));
  });

  app.post(P.updateMetadata, writeBody, async (request) => {
    const body = await validateBody(updateMetadataRequestSchema, request.body);
    return success(await updateMetadata(app, currentCampaign(request), currentUser(request), body), 'METADATA_UPDATED');
  });

  app.get(P.getMetadata, read, async (request) => {
    const { metadataId } = await validateParams(metadataParamsSchema, request.params);
    return success(await getMetadata(app, currentCampaign(request), metadataId.toLowerCase()));
  });

  app.get(P.listMetadata, read, async (request) => {
    const query = await validateQuery(metadataListQuerySchema, request.query);
    return success(await listMetadata(app, currentCampaign(request), query));
  });

  app.delete(P.deleteMetadata, { config: { access: { campaign: 'donor.write', from: 'params.campaignId' } } }, async (request) => {
    const { metadataId } = await validateParams(metadataParamsSchema, request.params);
    return success(await deleteMetadata(app, currentCampaign(request), currentUser(request), metadataId.toLowerCase()), 'METADATA_DELETED');
  });
}
