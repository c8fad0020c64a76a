import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { campaigns } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/test-db';

describe('GET /campaign/get_campaign_by_slug/:slug', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: true });
    await t.db.insert(campaigns).values({ slug: 'not-yet-approved', campaignName: 'Pending Committee', status: 'pending' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('returns the public view of an active campaign, without internal fields', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/campaign/get_campaign_by_slug/demo-campaign', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toMatchObject({
      campaign_id: t.seeded?.demoCampaign?.id,
      campaign_name: 'Friends of Demo Candidate',
      slug: 'demo-campaign',
      committee_name: 'Friends of Demo Candidate',
    });
    expect(Object.keys(body.data)).not.toEqual(expect.arrayContaining(['created_by']));
    expect(body.data).not.toHaveProperty('package_status');
    expect(body.data).not.toHaveProperty('createdBy');
    expect(body.data.logo).toBeNull();
  });

  it("includes the campaign's logo (its storage key, served at /files/<key>) once one is set", async () => {
    const key = `campaign-logos/${t.seeded!.demoCampaign!.id}/logo_abcdefgh.png`;
    await t.db.update(campaigns).set({ logo: key }).where(eq(campaigns.id, t.seeded!.demoCampaign!.id));
    const res = await t.app.inject({ method: 'GET', url: '/campaign/get_campaign_by_slug/demo-campaign', headers: { accept: 'application/json' } });
    expect(res.json().data.logo).toBe(key);
  });

  it('answers 404 NOT_FOUND for an unknown slug', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/campaign/get_campaign_by_slug/no-such-campaign', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Campaign not found' });
  });

  it('answers 404 for a campaign that is not active', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/campaign/get_campaign_by_slug/not-yet-approved', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('answers 400 VALIDATION_ERROR naming the field for a malformed slug', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/campaign/get_campaign_by_slug/bad%20slug!', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.details.fields).toHaveProperty('slug');
  });
});
