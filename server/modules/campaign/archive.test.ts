/**
 * Archiving: owners only; an archived campaign is read-only for every campaign-scoped write route
 * (built from the registered routes, so routes added later are covered), except restore_campaign.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCampaignAccess, type CampaignAccess, type RegisteredRoute } from '../../plugins/access';
import { adminSignIn, get, post } from '../../test/auth-helpers';
import { addMember, createCampaign, demoSignIn, request, toSession, type Session } from '../../test/campaign-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';

const PLACEHOLDER = '00000000-0000-4000-8000-000000000000';
const archivedBody = { code: 'CAMPAIGN_ARCHIVED', message: 'This campaign is archived and read-only' };

describe('archive and restore a campaign', () => {
  let t: TestApp;
  let owner: Session;
  let manager: Session;
  let staff: Session;
  let admin: Session;
  let id: string;
  let slug: string;

  beforeAll(async () => {
    t = await buildTestApp({ seed: true });
    owner = await demoSignIn(t, 'owner');
    manager = await demoSignIn(t, 'manager');
    staff = await demoSignIn(t, 'staff');
    admin = toSession(await adminSignIn(t));
    const created = await createCampaign(t, owner.token, { campaign_name: 'Archive Me' });
    id = created.campaign_id;
    slug = created.slug;
    await addMember(t, id, manager.userId, 'manager');
    await addMember(t, id, staff.userId, 'staff');
  });
  afterAll(async () => {
    await t.close();
  });

  const archive = (token: string) => post(t, '/campaign/archive_campaign', { campaign_id: id }, token);
  const restore = (token: string) => post(t, '/campaign/restore_campaign', { campaign_id: id }, token);

  it('only an active campaign can be archived', async () => {
    const res = await archive(owner.token);
    expect([res.statusCode, res.json()]).toEqual([409, { code: 'CAMPAIGN_NOT_ACTIVE', message: 'Only an active campaign can be archived' }]);
    expect((await get(t, `/campaign/approve_campaign/${id}`, admin.token)).statusCode).toBe(200);
  });

  it('a manager (campaign.write but not owner) and staff are refused', async () => {
    expect([(await archive(manager.token)).statusCode, (await archive(manager.token)).json().code]).toEqual([403, 'FORBIDDEN']);
    expect((await archive(staff.token)).statusCode).toBe(403);
    expect((await get(t, `/campaign/get_campaign/${id}`, owner.token)).json().data.status).toBe('active');
  });

  it('the owner archives: reads still work, writes answer 409, the public page is gone', async () => {
    expect((await get(t, `/campaign/get_campaign_by_slug/${slug}`)).statusCode).toBe(200);
    const res = await archive(owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Campaign archived', message_code: 'CAMPAIGN_ARCHIVED', data: { campaign_id: id, status: 'archived' } });

    const list = await get(t, `/campaign/list_campaign/${owner.userId}`, owner.token);
    expect(list.json().data.campaign_list).toEqual(expect.arrayContaining([expect.objectContaining({ campaign_id: id, status: 'archived' })]));
    expect((await get(t, `/campaign/get_campaign/${id}`, staff.token)).statusCode).toBe(200);
    expect((await get(t, `/campaign/members/list_member/${id}`, owner.token)).statusCode).toBe(200);

    const update = await post(t, '/campaign/update_campaign', { campaign_id: id, campaign_name: 'Renamed' }, owner.token);
    expect([update.statusCode, update.json()]).toEqual([409, archivedBody]);
    const invite = await post(t, '/campaign/members/invite_member', { campaign_id: id, email: 'late@example.org', role: 'staff' }, manager.token);
    expect([invite.statusCode, invite.json()]).toEqual([409, archivedBody]);
    expect([(await archive(owner.token)).statusCode, (await archive(owner.token)).json()]).toEqual([409, archivedBody]);
    // Refusals by role still come first.
    expect((await post(t, '/campaign/roles/add_role', { campaign_id: id, name: 'Helpers', resource_names: [] }, staff.token)).statusCode).toBe(403);

    const grant = await post(t, '/campaign/package/grant_package', { campaign_id: id, years: 1 }, admin.token);
    expect([grant.statusCode, grant.json().code]).toEqual([409, 'CAMPAIGN_ARCHIVED']);
    expect((await get(t, `/campaign/get_campaign_by_slug/${slug}`)).statusCode).toBe(404);
  });

  it('every campaign-scoped write route answers 409 on the archived campaign, except restore', async () => {
    const writes = t.app.routeAccess.filter(
      (route): route is RegisteredRoute & { access: CampaignAccess } =>
        isCampaignAccess(route.access) && !['GET', 'HEAD', 'OPTIONS'].includes(route.method) && !route.access.allowArchived,
    );
    expect(writes.length).toBeGreaterThanOrEqual(8);
    for (const route of writes) {
      const [where, key] = route.access.from.split('.') as [string, string];
      const url = route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => (where === 'params' && name === key ? id : PLACEHOLDER));
      const query = where === 'query' ? `?${key}=${id}` : '';
      const payload = route.method === 'DELETE' ? undefined : where === 'body' ? { [key]: id } : {};
      const res = await request(t, route.method as InjectOptions['method'], url + query, owner.token, payload);
      expect([res.statusCode, res.json()], `${route.method} ${route.url}`).toEqual([409, archivedBody]);
    }
    const optedOut = t.app.routeAccess.filter((route) => isCampaignAccess(route.access) && route.access.allowArchived).map((r) => `${r.method} ${r.url}`);
    expect(optedOut).toContain('POST /campaign/restore_campaign');
  });

  it('a manager cannot restore; the owner restores and writes work again', async () => {
    expect((await restore(manager.token)).statusCode).toBe(403);
    const res = await restore(owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message_code: 'CAMPAIGN_RESTORED', data: { status: 'active' } });
    expect((await restore(owner.token)).json()).toMatchObject({ code: 'CAMPAIGN_NOT_ARCHIVED' });
    const update = await post(t, '/campaign/update_campaign', { campaign_id: id, campaign_name: 'Renamed' }, owner.token);
    expect(update.statusCode, update.body).toBe(200);
    const audit = await get(t, `/campaign/audit/list_audit/${id}?limit=50`, owner.token);
    expect(audit.json().data.audit_list.map((a: { action: string }) => a.action)).toEqual(expect.arrayContaining(['campaign.archived', 'campaign.restored']));
  });

  it('anonymous callers get 401', async () => {
    expect((await post(t, '/campaign/archive_campaign', { campaign_id: id })).statusCode).toBe(401);
    expect((await post(t, '/campaign/restore_campaign', { campaign_id: id })).statusCode).toBe(401);
  });
});
