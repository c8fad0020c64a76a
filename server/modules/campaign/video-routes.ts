/**
 * The campaign video (domain/campaign-video.ts): upload through a signed URL and set it
 * (campaign.write, like the logo and the other campaign details), read it (campaign.read), remove it,
 * and GET /campaign/public_video/{videoId}: public, streamed with Range support (why a route and not
 * a signed link: video-service.ts).
 */
import type { FastifyInstance } from 'fastify';
import { CAMPAIGN_VIDEO_PATHS as P } from '../../../domain/campaign-video';
import { campaignVideoParamsSchema, campaignVideoPresignRequestSchema, publicVideoParamsSchema, setCampaignVideoRequestSchema } from '../../../domain/validation/campaign-video';
import { currentCampaign } from '../../plugins/access';
import { currentUser } from '../../plugins/auth';
import { success } from '../../plugins/respond';
import { validateBody, validateParams } from '../../plugins/validate';
import { sendPrivateFile } from '../storage/private-range';
import { getVideo, presignVideo, publicVideo, removeVideo, setVideo } from './video-service';

/** Browsers and shared caches may keep it an hour (a removed video's URL answers 404 to everyone else at once). */
const PUBLIC_VIDEO_CACHE = 'public, max-age=3600';

export async function videoRoutes(app: FastifyInstance): Promise<void> {
  app.post(P.presignedUrl, { config: { access: { campaign: 'campaign.write', from: 'body.campaign_id' } } }, async (request) => {
    const body = await validateBody(campaignVideoPresignRequestSchema, request.body);
    return success(await presignVideo(app, currentCampaign(request), body));
  });

  app.post(P.setVideo, { config: { access: { campaign: 'campaign.write', from: 'body.campaign_id' } } }, async (request) => {
    const body = await validateBody(setCampaignVideoRequestSchema, request.body);
    return success(await setVideo(app, currentCampaign(request), currentUser(request), body));
  });

  app.get(P.getVideo, { config: { access: { campaign: 'campaign.read', from: 'params.campaignId' } } }, async (request) => {
    await validateParams(campaignVideoParamsSchema, request.params);
    return success(await getVideo(app, currentCampaign(request)));
  });

  app.delete(P.deleteVideo, { config: { access: { campaign: 'campaign.write', from: 'params.campaignId' } } }, async (request) => {
    await validateParams(campaignVideoParamsSchema, request.params);
    return success(await removeVideo(app, currentCampaign(request), currentUser(request)));
  });

  app.get(P.publicVideo, { config: { access: 'public' } }, async (request, reply) => {
    const { videoId } = await validateParams(publicVideoParamsSchema, request.params);
    const video = await publicVideo(app, videoId.toLowerCase());
    return sendPrivateFile(app, request, reply, video.fileKey, { size: video.fileSize, contentType: video.contentType, cacheControl: PUBLIC_VIDEO_CACHE });
  });
}
