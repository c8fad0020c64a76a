/**
 * POST /campaign/upload_logo/:campaignId (multipart, only the field "file"; campaign.write): an image
 * (checked by its bytes) of at most 5 MB and 4096×4096 pixels (read from its header before anything
 * is decoded: storage/image-upload.ts) becomes the campaign's logo; answers the campaign.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { currentCampaign } from '../../plugins/access';
import { currentUser } from '../../plugins/auth';
import { linkOrigin } from '../../plugins/link-origin';
import { success } from '../../plugins/respond';
import { IMAGE_UPLOAD_LIMITS, readImageUpload } from '../storage/image-upload';
import { setCampaignLogo } from './logo-service';

export async function logoRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: IMAGE_UPLOAD_LIMITS });

  app.post('/campaign/upload_logo/:campaignId', { config: { access: { campaign: 'campaign.write', from: 'params.campaignId' } } }, async (request) => {
    const { bytes, storedName } = await readImageUpload(request, 'logo');
    return success(await setCampaignLogo(app, currentCampaign(request), currentUser(request), storedName, bytes, linkOrigin(request)), 'CAMPAIGN_LOGO_UPDATED');
  });
}
