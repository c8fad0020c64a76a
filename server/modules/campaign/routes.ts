import type { FastifyInstance } from 'fastify';
import { getPublicCampaignBySlug } from './service';

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
  },
} as const;

export async function campaignRoutes(app: FastifyInstance): Promise<void> {
  // Public: the donation page at /{slug} loads its campaign here (no sign-in).
  app.get<{ Params: { slug: string } }>(
    '/campaign/get_campaign_by_slug/:slug',
    {
      schema: {
        params: {
          type: 'object',
          required: ['slug'],
          properties: { slug: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9][A-Za-z0-9-]*$' } },
        },
        response: { 200: { type: 'object', required: ['data'], properties: { data: publicCampaignSchema } } },
      },
    },
    async (request) => ({ data: await getPublicCampaignBySlug(app.db, request.params.slug) }),
  );
}
