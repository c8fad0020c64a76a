import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CAMPAIGN_PATHS } from '../../../domain/campaign';
import { createCampaignRequestSchema, listCampaignQuerySchema, updateCampaignRequestSchema, updateNotifyStatusRequestSchema } from '../../../domain/validation/campaign';
import { currentCampaign } from '../../plugins/access';
import { currentUser } from '../../plugins/auth';
import { linkOrigin } from '../../plugins/link-origin';
import { success } from '../../plugins/respond';
import { validateBody, validateParams, validateQuery } from '../../plugins/validate';
import { campaignAdminRoutes } from './admin-routes';
import { archiveRoutes } from './archive-routes';
import { auditRoutes } from './audit-routes';
import { logoRoutes } from './logo-routes';
import { membersRoutes } from './members-routes';
import { packageRoutes } from './package-routes';
import { referenceRoutes } from './reference-routes';
import { rolesRoutes } from './roles-routes';
import { slugParamsSchema, slugQuerySchema, userIdParamsSchema } from './route-schemas';
import { createCampaign, getCampaign, getPublicCampaignBySlug, listCampaignsForUser, setPopupShown, updateCampaignFields } from './service';
import { checkSlug } from './slug-service';
import { videoRoutes } from './video-routes';

const nullableString = { type: ['string', 'null'] } as const;

const publicCampaignSchema = {
  type: 'object',
  required: ['campaign_id', 'campaign_name', 'slug'],
  properties: {
    campaign_id: { type: 'string' },
    campaign_name: { type: 'string' },
    slug: { type: 'string' },
    committee_name: nullableString,
    office_sought: nullableString,
    district: nullableString,
    party: nullableString,
    election_cycle: nullableString,
    compliance_rule_set: { type: 'string' },
    logo: nullableString,
  },
} as const;

/** Everything under /campaign/. */
export async function campaignRoutes(app: FastifyInstance): Promise<void> {
  // Public: the donation page at /{slug} loads its campaign here (no sign-in; active campaigns only).
  app.get<{ Params: { slug: string } }>(
    '/campaign/get_campaign_by_slug/:slug',
    {
      config: { access: 'public' },
      schema: {
        params: {
          type: 'object',
          required: ['slug'],
          properties: { slug: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9][A-Za-z0-9-]*$' } },
        },
        response: { 200: { type: 'object', required: ['data'], properties: { data: publicCampaignSchema } } },
      },
    },
    async (request) => ({ data: await getPublicCampaignBySlug(app, request.params.slug) }),
  );

  // Any active signed-in user registers a campaign and becomes its owner; it waits for activation.
  app.post(CAMPAIGN_PATHS.createCampaign, { config: { access: 'signed-in' } }, async (request, reply) => {
    const body = await validateBody(createCampaignRequestSchema, request.body);
    return reply.code(201).send(success(await createCampaign(app, currentUser(request), body, linkOrigin(request)), 'CAMPAIGN_CREATED'));
  });

  app.post(CAMPAIGN_PATHS.updateCampaign, { config: { access: { campaign: 'campaign.write', from: 'body.campaign_id' } } }, async (request) => {
    const body = await validateBody(updateCampaignRequestSchema, request.body);
    return success(await updateCampaignFields(app, currentCampaign(request), currentUser(request), body, linkOrigin(request)), 'CAMPAIGN_UPDATED');
  });

  // The caller's own campaigns (self only): the header selector and the campaign page.
  app.get('/campaign/list_campaign/:userId', { config: { access: 'signed-in' } }, async (request) => {
    const { userId } = await validateParams(userIdParamsSchema, request.params);
    const query = await validateQuery(listCampaignQuerySchema, request.query);
    return success(await listCampaignsForUser(app, currentUser(request), userId, query, linkOrigin(request)));
  });

  app.get('/campaign/get_campaign/:id', { config: { access: { campaign: 'campaign.read', from: 'params.id' } } }, async (request) => {
    return success(await getCampaign(app, currentCampaign(request), linkOrigin(request)));
  });

  // The live check of the slug field (?campaign_id= when editing: its own slug is available).
  app.get('/campaign/check_slug/:slug', { config: { access: 'signed-in' } }, async (request) => {
    const { slug } = await validateParams(slugParamsSchema, request.params);
    const query = await validateQuery(slugQuerySchema, request.query);
    return success(await checkSlug(app, slug, query.campaign_id?.toLowerCase()));
  });

  // The expiry popup was shown (cancelled): SPEC §7 names both; the SPA uses the PUT.
  const popupAccess = { config: { access: { campaign: 'member', from: 'body.campaign_id' } } } as const;
  const popupHandler = async (request: FastifyRequest) => {
    const body = await validateBody(updateNotifyStatusRequestSchema, request.body);
    return success(await setPopupShown(app, currentCampaign(request), body.is_popup_shown as 0 | 1));
  };
  app.post(CAMPAIGN_PATHS.updatePopupInfo, popupAccess, popupHandler);
  app.put(CAMPAIGN_PATHS.updateNotifyStatus, popupAccess, popupHandler);

  await app.register(referenceRoutes);
  await app.register(campaignAdminRoutes);
  await app.register(packageRoutes);
  await app.register(membersRoutes);
  await app.register(rolesRoutes);
  await app.register(auditRoutes);
  await app.register(archiveRoutes);
  await app.register(logoRoutes);
  await app.register(videoRoutes);
}
