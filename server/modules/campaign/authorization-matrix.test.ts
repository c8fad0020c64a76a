/**
 * The authorization matrix: built from the app's REGISTERED routes (app.routeAccess, collected by the
 * access plugin's onRoute hook), so a route added later is covered without touching this file.
 *   - every route declares its access (config.access), or this test fails;
 *   - every campaign-scoped route is called as the owner, as staff, as a member whose role grants
 *     nothing, as a member of another campaign, as a removed member and anonymously;
 *   - signed-in and platform-admin routes refuse anonymous callers (and non-admins).
 * Requests are built from the declaration only (campaign id where `from` says, placeholder UUIDs for
 * other params, a near-empty body): the access layer must answer before the handler runs.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ROLES } from '../../../domain/permissions';
import { isCampaignAccess, type CampaignAccess, type RegisteredRoute } from '../../plugins/access';
import { activeUser, post } from '../../test/auth-helpers';
import { addMember, createCampaign, del, demoSignIn, request, toSession, type Session } from '../../test/campaign-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';

const PLACEHOLDER = '00000000-0000-4000-8000-000000000000';

interface Call {
  method: InjectOptions['method'];
  url: string;
  payload?: Record<string, unknown>;
}

/** A request for `route` in campaign `campaignId`, shaped only by the route's declaration. */
function callFor(route: RegisteredRoute, campaignId: string): Call {
  const access = isCampaignAccess(route.access) ? route.access : null;
  const [where, key] = access ? (access.from.split('.') as [string, string]) : ['', ''];
  const url = route.url.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => (where === 'params' && name === key ? campaignId : PLACEHOLDER));
  const query = where === 'query' ? `${url.includes('?') ? '&' : '?'}${key}=${campaignId}` : '';
  const hasBody = !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(route.method);
  return { method: route.method as InjectOptions['method'], url: url + query, ...(hasBody ? { payload: where === 'body' ? { [key]: campaignId } : {} } : {}) };
}

const describeRoute = (route: RegisteredRoute) => `${route.method} ${route.url}`;

function isAccessDenial(res: LightMyRequestResponse): boolean {
  if (res.statusCode === 401) return true;
  if (res.statusCode === 403 && res.json().code === 'FORBIDDEN') return true;
  return res.statusCode === 404 && res.json().message === 'Campaign not found';
}

describe('authorization matrix (every registered route)', () => {
  let t: TestApp;
  let routes: RegisteredRoute[];
  let campaignId: string;
  let owner: Session;
  let staff: Session;
  let nobody: Session;
  let outsider: Session;
  let removed: Session;
  const secrets: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ seed: true });
    await t.app.ready();
    routes = t.app.routeAccess.filter((route) => route.method !== 'HEAD');
    const demo = t.seeded!.demoCampaign!;
    campaignId = demo.id;
    secrets.push(demo.id, demo.slug, demo.campaignName);
    owner = await demoSignIn(t, 'owner');
    staff = await demoSignIn(t, 'staff');

    // A member whose role grants nothing.
    const role = await post(t, '/campaign/roles/add_role', { campaign_id: campaignId, name: 'No Access', resource_names: [] }, owner.token);
    expect(role.statusCode, role.body).toBe(201);
    nobody = toSession(await activeUser(t, 'matrix-nobody@example.org'));
    await addMember(t, campaignId, nobody.userId, role.json().data.role_key);

    // The owner of another campaign.
    outsider = toSession(await activeUser(t, 'matrix-outsider@example.org'));
    await createCampaign(t, outsider.token, { campaign_name: 'Outsider Campaign' });

    // A manager who was removed.
    removed = toSession(await activeUser(t, 'matrix-removed@example.org'));
    await addMember(t, campaignId, removed.userId, 'manager');
    expect((await del(t, `/campaign/members/remove_member/${campaignId}/${removed.userId}`, owner.token)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  const campaignRoutes = () => routes.filter((route): route is RegisteredRoute & { access: CampaignAccess } => isCampaignAccess(route.access));
  const send = (call: Call, token?: string) => request(t, call.method, call.url, token, call.payload);

  it('every registered route declares its access', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((route) => route.access === undefined).map(describeRoute)).toEqual([]);
    // A campaign id read from a path parameter must be one of the route's parameters.
    const badSource = campaignRoutes().filter((route) => route.access.from.startsWith('params.') && !route.url.includes(`:${route.access.from.slice('params.'.length)}`));
    expect(badSource.map(describeRoute)).toEqual([]);
    expect(campaignRoutes().length).toBeGreaterThanOrEqual(15);
  });

  it('campaign routes: anonymous → 401', async () => {
    for (const route of campaignRoutes()) {
      const res = await send(callFor(route, campaignId));
      expect(res.statusCode, describeRoute(route)).toBe(401);
      expect(res.json().code, describeRoute(route)).toBe('UNAUTHORIZED');
    }
  });

  it('campaign routes: the owner passes the access layer', async () => {
    for (const route of campaignRoutes()) {
      const res = await send(callFor(route, campaignId), owner.token);
      expect(isAccessDenial(res), `${describeRoute(route)} → ${res.statusCode} ${res.body}`).toBe(false);
    }
  });

  it('campaign routes: staff passes exactly where the staff role grants the resource, else 403', async () => {
    for (const route of campaignRoutes()) {
      const res = await send(callFor(route, campaignId), staff.token);
      const granted = route.access.campaign === 'member' || SYSTEM_ROLES.staff.resource_names.includes(route.access.campaign);
      if (granted) expect(isAccessDenial(res), `${describeRoute(route)} → ${res.statusCode} ${res.body}`).toBe(false);
      else expect([res.statusCode, res.json().code], describeRoute(route)).toEqual([403, 'FORBIDDEN']);
    }
  });

  it('campaign routes: a member whose role grants nothing → 403 (member-only routes pass)', async () => {
    for (const route of campaignRoutes()) {
      const res = await send(callFor(route, campaignId), nobody.token);
      if (route.access.campaign === 'member') expect(isAccessDenial(res), describeRoute(route)).toBe(false);
      else expect([res.statusCode, res.json().code], describeRoute(route)).toEqual([403, 'FORBIDDEN']);
    }
  });

  it('campaign routes: a member of another campaign and a removed member → 404, without any data of the campaign', async () => {
    for (const who of [outsider, removed]) {
      for (const route of campaignRoutes()) {
        const res = await send(callFor(route, campaignId), who.token);
        expect([res.statusCode, res.json()], describeRoute(route)).toEqual([404, { code: 'NOT_FOUND', message: 'Campaign not found' }]);
        for (const secret of secrets) expect(res.body, describeRoute(route)).not.toContain(secret);
      }
    }
  });

  it('signed-in and platform-admin routes refuse anonymous callers; platform-admin routes refuse members', async () => {
    for (const route of routes.filter((r) => r.access === 'signed-in' || r.access === 'platform-admin')) {
      const anonymous = await send(callFor(route, campaignId));
      expect([anonymous.statusCode, anonymous.json().code], describeRoute(route)).toEqual([401, 'UNAUTHORIZED']);
      if (route.access === 'platform-admin') {
        const member = await send(callFor(route, campaignId), owner.token);
        expect([member.statusCode, member.json().code], describeRoute(route)).toEqual([403, 'FORBIDDEN']);
      }
    }
  });
});
