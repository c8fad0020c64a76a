/**
 * Route access: EVERY route declares who may call it in its config, and this plugin enforces it in
 * one preValidation hook (after the body is parsed, before any schema or handler runs):
 *
 *   app.get('/health', { config: { access: 'public' } }, …)
 *   app.post('/campaign/create_campaign', { config: { access: 'signed-in' } }, …)
 *   app.get('/campaign/admin/list_pending', { config: { access: 'platform-admin' } }, …)
 *   app.get('/donation/donor/list_donor/:id', { config: { access: { campaign: 'donor.read', from: 'params.id' } } }, …)
 *
 * Campaign access reads the campaign id where `from` says, then requires a signed-in member of that
 * campaign whose role grants the resource (`campaign: 'member'` = any member), and sets
 * `request.campaign = { id, role, resourceNames, status }`. Answers, always in this order:
 *   401 UNAUTHORIZED  no valid session
 *   400 SELECT_CAMPAIGN_FIRST  no campaign id where `from` says
 *   404 NOT_FOUND 'Campaign not found'  unknown campaign OR not a member (existence does not leak)
 *   403 FORBIDDEN  a member whose role lacks the resource; not a platform administrator
 *   409 CAMPAIGN_ARCHIVED  an archived campaign is read-only: any method but GET/HEAD/OPTIONS is
 *       refused, unless the declaration opts out with `allowArchived: true` (restore_campaign, or a
 *       POST that only reads, such as starting a report download)
 * The membership lookup is kept in memory until the campaign, its members or roles change (a
 * committed change is seen before the next request: db/change-feed.ts).
 * A route without a declaration fails closed (500, logged) and fails the authorization matrix test.
 * `app.routeAccess` lists every registered route with its declaration (collected by onRoute).
 * Routes added by third-party plugins (static files) get one with `withDefaultAccess`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isResourceName, type ResourceName } from '../../domain/permissions';
import type { CampaignStatus } from '../../domain/campaign';
import { findMemberAccess, type MemberAccessRow } from '../modules/rbac/access-repository';
import { resolveResourceNames } from '../modules/rbac/role-resources';
import { AppError, fail } from './errors';

export const CAMPAIGN_ID_SOURCES = ['params.campaignId', 'params.id', 'body.campaign_id', 'query.campaign_id'] as const;
export type CampaignIdSource = (typeof CAMPAIGN_ID_SOURCES)[number];

export interface CampaignAccess {
  /** The resource the caller's role must grant, or 'member' for any member of the campaign. */
  campaign: ResourceName | 'member';
  from: CampaignIdSource;
  /** Also on an archived campaign (read-only otherwise: every method but GET/HEAD/OPTIONS gets 409). */
  allowArchived?: boolean;
}

export type RouteAccess = 'public' | 'signed-in' | 'platform-admin' | CampaignAccess;

export interface CampaignContext {
  id: string;
  role: string;
  resourceNames: ResourceName[];
  status: CampaignStatus;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: RouteAccess | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** Set by campaign access: the campaign of the request and the caller's role in it. */
    campaign: CampaignContext | null;
  }
  interface FastifyInstance {
    /** Every registered route with its access declaration (HEAD routes included). */
    routeAccess: readonly RegisteredRoute[];
  }
}

/** Methods that never change anything: allowed on an archived campaign. */
const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Memberships kept in memory until the campaign, its members or its roles change (db/change-feed.ts). */
const MEMBER_CACHE_ENTRIES = 20_000;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isCampaignAccess(access: RouteAccess | undefined): access is CampaignAccess {
  return typeof access === 'object' && access !== null;
}

/** Throws at registration for a malformed declaration (unknown resource or source). */
function checkDeclaration(method: string, url: string, access: unknown): void {
  if (access === undefined || access === 'public' || access === 'signed-in' || access === 'platform-admin') return;
  const value = access as Partial<CampaignAccess> | null;
  const resourceOk = value?.campaign === 'member' || isResourceName(value?.campaign);
  const fromOk = (CAMPAIGN_ID_SOURCES as readonly unknown[]).includes(value?.from);
  const archivedOk = value?.allowArchived === undefined || typeof value.allowArchived === 'boolean';
  if (!resourceOk || !fromOk || !archivedOk) throw new Error(`${method} ${url}: invalid access declaration ${JSON.stringify(access)}`);
}

export function campaignNotFound(): AppError {
  return new AppError(404, 'NOT_FOUND', 'Campaign not found');
}

/** The campaign id of a request, read where the declaration says. */
function campaignIdOf(request: FastifyRequest, from: CampaignIdSource): unknown {
  const [where, key] = from.split('.') as ['params' | 'body' | 'query', string];
  const container = request[where] as Record<string, unknown> | null | undefined;
  return typeof container === 'object' && container !== null ? container[key] : undefined;
}

interface AccessState {
  routes: RegisteredRoute[];
  defaultAccess: RouteAccess | null;
}
const states = new WeakMap<FastifyInstance, AccessState>();

/**
 * Registers routes of third-party plugins (which take no route config) with `access`:
 *   await withDefaultAccess(app, 'public', () => app.register(fastifyStatic, {...}));
 */
export async function withDefaultAccess(app: FastifyInstance, access: RouteAccess, register: () => PromiseLike<unknown>): Promise<void> {
  const state = states.get(app);
  if (!state) throw new Error('registerAccess(app) must run before withDefaultAccess');
  state.defaultAccess = access;
  try {
    await register();
  } finally {
    state.defaultAccess = null;
  }
}

export function registerAccess(app: FastifyInstance): void {
  const state: AccessState = { routes: [], defaultAccess: null };
  states.set(app, state);
  app.decorate('routeAccess', state.routes);
  app.decorateRequest('campaign', null);

  app.addHook('onRoute', (route) => {
    if (route.config?.access === undefined && state.defaultAccess) route.config = { ...route.config, access: state.defaultAccess };
    const access = route.config?.access;
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      checkDeclaration(method, route.url, access);
      state.routes.push({ method, url: route.url, access });
    }
  });

  app.addHook('preValidation', async (request) => {
    if (request.is404) return; // the not-found handler (SPA history fallback, 404 body)
    const access = request.routeOptions.config.access;
    if (access === 'public') return;
    if (access === undefined) {
      throw new Error(`${request.method} ${request.routeOptions.url}: route has no access declaration`);
    }
    await app.authenticate(request);
    const user = request.user!;
    if (access === 'signed-in') return;
    if (access === 'platform-admin') {
      if (!user.isPlatformAdmin) throw fail(403, 'FORBIDDEN');
      return;
    }
    const raw = campaignIdOf(request, access.from);
    if (raw === undefined || raw === null || raw === '') throw fail(400, 'SELECT_CAMPAIGN_FIRST', { in: access.from.split('.')[0], field: access.from.split('.')[1] });
    if (typeof raw !== 'string' || !UUID_PATTERN.test(raw)) throw campaignNotFound();
    const campaignId = raw.toLowerCase();
    const member = await app.changes
      .cache<MemberAccessRow | null>('member-access', MEMBER_CACHE_ENTRIES)
      .get(`${campaignId}|${user.id}`, [`campaign:${campaignId}`], () => findMemberAccess(app.db, campaignId, user.id));
    if (!member) throw campaignNotFound();
    const resourceNames = resolveResourceNames(member.role, member.customResourceNames);
    if (access.campaign !== 'member' && !resourceNames.includes(access.campaign)) throw fail(403, 'FORBIDDEN');
    if (member.status === 'archived' && !access.allowArchived && !READ_METHODS.has(request.method)) throw fail(409, 'CAMPAIGN_ARCHIVED');
    request.campaign = { id: member.campaignId, role: member.role, resourceNames, status: member.status };
  });
}

/** The campaign of a route behind campaign access. */
export function currentCampaign(request: FastifyRequest): CampaignContext {
  if (!request.campaign) throw new Error(`${request.method} ${request.routeOptions.url}: no campaign access declared`);
  return request.campaign;
}
