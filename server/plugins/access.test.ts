import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../test/auth-helpers';
import { demoSignIn, type Session } from '../test/campaign-helpers';
import { buildTestApp, type TestApp } from '../test/test-db';
import { withDefaultAccess } from './access';

describe('route access declarations', () => {
  let t: TestApp;
  let owner: Session;
  beforeAll(async () => {
    t = await buildTestApp({ seed: true });
    t.app.get('/test/undeclared', async () => ({ data: 'should never answer' }));
    t.app.get('/test/query-scoped', { config: { access: { campaign: 'donor.read', from: 'query.campaign_id' } } }, async (request) => ({ data: request.campaign }));
    await withDefaultAccess(t.app, 'signed-in', async () => {
      t.app.get('/test/defaulted', async () => ({ data: 'ok' }));
    });
    owner = await demoSignIn(t, 'owner');
  });
  afterAll(async () => {
    await t.close();
  });

  it('a route without a declaration is listed as such and fails closed', async () => {
    expect(t.app.routeAccess).toEqual(expect.arrayContaining([{ method: 'GET', url: '/test/undeclared', access: undefined }]));
    const res = await get(t, '/test/undeclared', owner.token);
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('should never answer');
  });

  it('withDefaultAccess declares routes registered without config (third-party plugins)', async () => {
    expect(t.app.routeAccess).toEqual(expect.arrayContaining([{ method: 'GET', url: '/test/defaulted', access: 'signed-in' }]));
    expect((await get(t, '/test/defaulted')).statusCode).toBe(401);
    expect((await get(t, '/test/defaulted', owner.token)).statusCode).toBe(200);
  });

  it('a malformed declaration throws when the route is registered', async () => {
    const other = await buildTestApp();
    try {
      expect(() => other.app.get('/test/bad', { config: { access: { campaign: 'donor.delete' as never, from: 'params.id' } } }, async () => 'x')).toThrow(/invalid access declaration/);
      expect(() => other.app.get('/test/bad2', { config: { access: { campaign: 'donor.read', from: 'headers.x' as never } } }, async () => 'x')).toThrow(/invalid access declaration/);
    } finally {
      await other.close();
    }
  });

  it('campaign access: missing id → 400 SELECT_CAMPAIGN_FIRST, malformed or unknown → 404, member → request.campaign', async () => {
    const missing = await get(t, '/test/query-scoped', owner.token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'SELECT_CAMPAIGN_FIRST', message: 'Please select a campaign first', details: { in: 'query', field: 'campaign_id' } });
    expect((await get(t, '/test/query-scoped?campaign_id=not-a-uuid', owner.token)).json()).toEqual({ code: 'NOT_FOUND', message: 'Campaign not found' });
    expect((await get(t, '/test/query-scoped?campaign_id=00000000-0000-4000-8000-000000000000', owner.token)).statusCode).toBe(404);
    const id = t.seeded!.demoCampaign!.id;
    const res = await get(t, `/test/query-scoped?campaign_id=${id.toUpperCase()}`, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id, role: 'owner', status: 'active', resourceNames: expect.arrayContaining(['donor.read', 'role.manage']) });
  });

  it('a body campaign_id of the wrong type is refused before the handler', async () => {
    const res = await post(t, '/campaign/update_campaign', { campaign_id: 42 }, owner.token);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Campaign not found' });
  });
});
