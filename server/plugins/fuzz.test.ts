/**
 * Route fuzzing: every route the app registers (app.routeAccess, as the authorization matrix reads
 * it, so a route added later is fuzzed by construction) gets property-based malformed input in its
 * path params, query string and body (server/test/fuzz-inputs.ts: NUL characters, Object.prototype
 * names as keys, repeated keys, wrong types, huge and deeply nested values, odd unicode, numbers at the
 * edges), as the campaign's owner, anonymously and as a member of another campaign. Fixed seeds,
 * bounded cases: the same requests on every run. Bodies are either made up (keys from the schemas) or
 * a body the app accepted during set-up with one or two parts spoiled, so bad values get past the
 * first checks and reach the services and PostgreSQL.
 *
 * For every answer: never a 5xx, and every 4xx is the §4 JSON body `{ code, message }`. Afterwards the
 * other campaign's book and team are unchanged (and the fuzzed campaign too, after the anonymous and
 * outsider runs).
 *
 * Not fuzzed: HEAD routes (Fastify answers them with the GET handler, which is fuzzed) and socket.io
 * (`/socket.io`, attached to the HTTP server, not a route: covered by plugins/sockets.test.ts).
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { post, signIn } from '../test/auth-helpers';
import { addMember, campaignBody, demoSignIn, toSession, type Session } from '../test/campaign-helpers';
import { addDonation, addDonor, addPledge, customCampaign, donorBody, P, path } from '../test/donor-book-helpers';
import { bodyArb, mutatedBodyArb, queryArb, schemaVocabulary, segmentArb, type FuzzBody, type FuzzPools } from '../test/fuzz-inputs';
import { buildTestApp, type TestApp } from '../test/test-db';
import { ManualClock } from './clock';
import { isCampaignAccess, type RegisteredRoute } from './access';

/**
 * Requests per route and identity (98 routes today: ~11,800 requests, ~13 s on 2 cores). FUZZ_SEED and FUZZ_SCALE
 * (a multiplier) explore further by hand; CI always runs the fixed seed at scale 1.
 */
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const CASES = { owner: 80 * SCALE, anonymous: 20 * SCALE, outsider: 20 * SCALE } as const;
type Identity = keyof typeof CASES;
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);

/** Registered routes that are not fuzzed, and why. */
const NOT_FUZZED = (route: RegisteredRoute) => route.method === 'HEAD'; // answered by the GET handler, fuzzed as GET

const PLACEHOLDER = '00000000-0000-4000-8000-000000000000';

const describeRoute = (route: RegisteredRoute) => `${route.method} ${route.url}`;
const cut = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);


/** The book tables (every row carries campaign_id) compared before and after. */
const CAMPAIGN_TABLES = [
  'campaign_members',
  'campaign_roles',
  'campaign_invitations',
  'campaign_packages',
  'campaign_audit',
  'donors',
  'pledges',
  'donations',
  'donation_refunds',
  'expenses',
  'donor_metadata',
  'donor_contacts',
  'donor_book_versions',
  'expense_attachments',
  'campaign_videos',
];

interface FuzzCase {
  url: string;
  body: FuzzBody | null;
}

interface Failure {
  identity: Identity;
  route: string;
  url: string;
  payload?: string;
  status: number;
  body: string;
  /** The error the server logged for the request, with the top of its stack. */
  error?: string;
}

/** FNV-1a: a seed per route that does not move when other routes are added. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Cases for `route` aimed at `campaignId` (placed where its access declaration reads it, most of the time). */
function casesFor(route: RegisteredRoute, campaignId: string, pools: FuzzPools, accepted: readonly unknown[], count: number, seed: number): FuzzCase[] {
  const access = isCampaignAccess(route.access) ? route.access : null;
  const [where, key] = access ? (access.from.split('.') as [string, string]) : ['', ''];
  const segments = route.url.split('/').map((segment) => {
    if (segment === '*') return segmentArb(pools, null);
    if (segment.startsWith(':')) return segmentArb(pools, where === 'params' && segment.slice(1) === key ? campaignId : null);
    return fc.constant(segment);
  });
  const hasBody = !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(route.method);
  const arb = fc.record({
    path: fc.tuple(...segments).map((parts) => parts.join('/')),
    query: fc.option(queryArb(pools, campaignId, where === 'query' ? key : null), { nil: undefined, freq: 4 }),
    body: !hasBody
      ? fc.constant(null)
      : accepted.length === 0
        ? bodyArb(pools, campaignId, where === 'body' ? key : null)
        : fc.oneof({ weight: 3, arbitrary: mutatedBodyArb(accepted, pools) }, { weight: 2, arbitrary: bodyArb(pools, campaignId, where === 'body' ? key : null) }),
  });
  return fc.sample(arb, { seed, numRuns: count }).map(({ path, query, body }) => ({ url: query === undefined ? path : `${path}?${query}`, body }));
}

describe('fuzz: every registered route, malformed input', () => {
  let t: TestApp;
  let routes: RegisteredRoute[];
  let owner: Session;
  let outsider: Session;
  let campaignA: string;
  let campaignB: string;
  let statusA: string;
  let ownerPools: FuzzPools;
  let outsiderPools: FuzzPools;
  let anonymousPools: FuzzPools;
  /** Bodies the app accepted during set-up, per `METHOD /route`: the fuzzer spoils parts of them. */
  const accepted = new Map<string, unknown[]>();
  let recording = false;
  /** The error of the request in flight (requests are sent one at a time). */
  let lastError: Error | null = null;

  /** An active account made directly (the sign-up flow has tests of its own), signed in. */
  async function account(email: string): Promise<Session> {
    const password = 'fuzz-pass-123';
    const passwordHash = await hashPassword(password);
    const [{ id }] = await t.db
      .insert(users)
      .values({ email, name: 'Fuzz', status: 'active', isProfileUpdated: 1, passwordHash, emailVerifiedAt: sql`now()` })
      .returning({ id: users.id });
    expect(id).toBeTruthy();
    return toSession(await signIn(t, email, password));
  }

  beforeAll(async () => {
    t = await buildTestApp({ seed: true, clock: new ManualClock(new Date('2025-06-15T12:00:00Z')) });
    routes = t.app.routeAccess.filter((route) => !NOT_FUZZED(route));
    t.app.addHook('onError', async (_request, _reply, error) => {
      lastError = error;
    });
    t.app.addHook('onResponse', async (request, reply) => {
      const body = request.body;
      if (!recording || reply.statusCode >= 300 || typeof body !== 'object' || body === null || Array.isArray(body)) return;
      const key = `${request.method} ${request.routeOptions.url}`;
      accepted.set(key, [...(accepted.get(key) ?? []), structuredClone(body)]);
    });
    owner = await demoSignIn(t, 'owner');
    const ownerB = await account('fuzz-owner-b@example.org');
    campaignA = await customCampaign(t, owner.token);
    campaignB = await customCampaign(t, ownerB.token);

    // A book on each side: the fuzzed campaign A, and B whose rows must never change.
    const rowsOf = async (token: string, campaignId: string) => {
      const donor = await addDonor(t, token, campaignId);
      const pledge = await addPledge(t, token, campaignId, donor.donor_id);
      const donation = await addDonation(t, token, campaignId, donor.donor_id);
      const expense = await post(t, P.addExpense, { campaign_id: campaignId, expense_date: '2025-03-15', amount_cents: 12_550, payee: 'Print Shop', purpose: 'campaign_literature', payment_method: 'check' }, token);
      expect(expense.statusCode, expense.body).toBe(201);
      const tag = await post(t, P.addMetadata, { campaign_id: campaignId, donor_id: donor.donor_id, kind: 'tag', value: 'Fuzz' }, token);
      expect(tag.statusCode, tag.body).toBe(201);
      return [campaignId, donor.donor_id, pledge.pledge_id, donation.donation.donation_id, expense.json().data.expense_id as string, tag.json().data.metadata_id as string];
    };
    recording = true;
    const idsA = await rowsOf(owner.token, campaignA);
    await acceptedWrites(idsA);
    recording = false;
    const idsB = await rowsOf(ownerB.token, campaignB);
    // The third caller: a staff member of B (B's owner stays out of it).
    outsider = await account('fuzz-staff-b@example.org');
    await addMember(t, campaignB, outsider.userId, 'staff');
    statusA = (await t.pool.query<{ status: string }>('select status from campaigns where id = $1', [campaignA])).rows[0].status;

    const vocabulary = schemaVocabulary();
    const userIds = [owner.userId, ownerB.userId, outsider.userId];
    // The owner also tries B's ids (cross-tenant); B's own member only gets A's (its own rows may legitimately change).
    ownerPools = { vocabulary, ids: [...idsA, ...idsB, ...userIds, PLACEHOLDER] };
    outsiderPools = { vocabulary, ids: [...idsA, ...userIds, PLACEHOLDER] };
    anonymousPools = { vocabulary, ids: [...idsA, ...idsB, ...userIds, PLACEHOLDER] };
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  /** Writes that succeed in A (their bodies become fuzz bases); checked, so the bases stay valid. */
  async function acceptedWrites([campaign_id, donor_id, pledge_id, donation_id, expense_id, metadata_id]: string[]): Promise<void> {
    const second = await addDonor(t, owner.token, campaign_id);
    const role = await post(t, '/campaign/roles/add_role', { campaign_id, name: 'Fuzz Role', resource_names: ['donor.read'] }, owner.token);
    const writes: Array<[InjectOptions['method'], string, Record<string, unknown>]> = [
      ['POST', P.updateDonor, { ...donorBody(campaign_id), donor_id }],
      ['POST', P.addPledge, { campaign_id, donor_id: second.donor_id, commitment_date: '2025-03-01', commitment_amount_cents: 20_000, recipient: 'Committee', note: 'Two parts', instalments: [{ due_date: '2025-05-01', amount_cents: 10_000 }, { due_date: '2025-07-01', amount_cents: 10_000 }] }],
      ['POST', P.updatePledge, { campaign_id, pledge_id, commitment_date: '2025-03-01', commitment_amount_cents: 15_000, instalments: [] }],
      ['POST', P.addDonation, { campaign_id, donor_id, pledge_id, paying_date: '2025-04-02', paid_amount_cents: 1_000, payment_method: 'check', check_number: '1042', memo: 'Towards the pledge' }],
      ['POST', P.updateDonation, { campaign_id, donation_id, donor_id, paying_date: '2025-04-03', paid_amount_cents: 6_000, payment_method: 'card', reference_number: 'R-1' }],
      ['POST', P.refundDonation, { campaign_id, donation_id, refund_amount_cents: 100, refund_date: '2025-05-01', refund_reason: 'Over the limit' }],
      ['POST', P.addFollowUpCall, { campaign_id, donor_id, outcome: 'promised_payment', note: 'Call back', next_call_date: '2025-07-01' }],
      ['POST', path(P.sendNotification, { campaignId: campaign_id }), { donor_id, channel: 'email', message: 'Thank you' }],
      ['POST', P.addMetadata, { campaign_id, donor_id, kind: 'note', value: 'Met at the fair' }],
      ['POST', P.updateMetadata, { campaign_id, metadata_id, value: 'Fuzzed' }],
      ['POST', P.updateExpense, { campaign_id, expense_id, expense_date: '2025-03-16', amount_cents: 100, payee: 'Printer', purpose: 'campaign_literature', payment_method: 'check', reference_number: '7', memo: 'Flyers' }],
      ['POST', P.expenseAttachmentPresignedUrl, { campaign_id, expense_id, file_name: 'receipt.pdf', file_size: 1_000 }],
      ['POST', '/campaign/video_presigned_url', { campaign_id, file_name: 'candidate.mp4', file_size: 1_000 }],
      ['POST', P.writeOffPledge, { campaign_id, pledge_id, reason: 'Moved away' }],
      ['POST', '/campaign/update_campaign', { campaign_id, campaign_name: 'Fuzzed Campaign', district: 'District 1' }],
      ['POST', '/campaign/roles/update_role', { campaign_id, role_key: role.json().data.role_key, name: 'Fuzz Role 2', resource_names: ['donor.read', 'donor.write'] }],
      ['POST', '/campaign/members/invite_member', { campaign_id, email: 'fuzz-invitee@example.org', role: 'staff' }],
      ['POST', '/campaign/create_campaign', campaignBody()],
      ['PUT', `/auth/users/${owner.userId}`, { name: 'Demo Owner', is_profile_updated: 1 }],
      ['POST', P.mergeDonor, { campaign_id, survivor_id: donor_id, duplicate_id: (await addDonor(t, owner.token, campaign_id)).donor_id }],
    ];
    for (const [method, url, payload] of writes) {
      const res = await t.app.inject({ method, url, headers: { accept: 'application/json', authorization: `Bearer ${owner.token}` }, payload });
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBeLessThan(300);
    }
  }

  /** Every row of `campaignId` in the book and team tables, and its campaign row, in a stable order. */
  async function snapshot(campaignId: string): Promise<Record<string, unknown[]>> {
    const result: Record<string, unknown[]> = {};
    for (const table of [...CAMPAIGN_TABLES, 'campaigns']) {
      const column = table === 'campaigns' ? 'id' : 'campaign_id';
      const { rows } = await t.pool.query(`select to_jsonb(x) as row from ${table} x where ${column} = $1 order by to_jsonb(x)::text`, [campaignId]);
      result[table] = rows.map((r: { row: unknown }) => r.row);
    }
    return result;
  }

  function check(res: LightMyRequestResponse): string | null {
    if (res.statusCode >= 500) return 'server error';
    if (res.statusCode < 400) return null;
    if (!String(res.headers['content-type']).startsWith('application/json')) return 'error body is not JSON';
    try {
      const body = JSON.parse(res.body) as { code?: unknown; message?: unknown };
      return typeof body.code === 'string' && typeof body.message === 'string' ? null : 'error body without { code, message }';
    } catch {
      return 'error body is not JSON';
    }
  }

  /** The owner's session (sign-out routes end it) and campaign A's status (archive) as they were. */
  async function heal(): Promise<void> {
    const probe = await t.app.inject({ method: 'GET', url: `/auth/users/${owner.userId}`, headers: { authorization: `Bearer ${owner.token}` } });
    if (probe.statusCode === 401) owner = await demoSignIn(t, 'owner');
    const { rowCount } = await t.pool.query('update campaigns set status = $2 where id = $1 and status <> $2', [campaignA, statusA]);
    if (rowCount) await t.app.changes.sync();
  }

  async function fuzz(identity: Identity, pools: FuzzPools): Promise<Failure[]> {
    const failures: Failure[] = [];
    for (const route of routes) {
      const bases = accepted.get(describeRoute(route)) ?? [];
      const cases = casesFor(route, campaignA, pools, bases, CASES[identity], (SEED ^ hash(`${describeRoute(route)} ${identity}`)) >>> 0);
      for (const fuzzCase of cases) {
        const headers: Record<string, string> = { accept: 'application/json' };
        if (identity === 'owner') headers.authorization = `Bearer ${owner.token}`;
        if (identity === 'outsider') headers.authorization = `Bearer ${outsider.token}`;
        if (fuzzCase.body) headers['content-type'] = fuzzCase.body.contentType;
        lastError = null;
        const res = await t.app.inject({
          method: route.method as InjectOptions['method'],
          url: fuzzCase.url,
          headers,
          ...(fuzzCase.body ? { payload: fuzzCase.body.payload } : {}),
        });
        const problem = check(res);
        const logged = lastError as Error | null; // set by the onError hook during inject()
        if (problem) {
          failures.push({
            identity,
            route: `${describeRoute(route)}: ${problem}`,
            url: cut(fuzzCase.url),
            ...(fuzzCase.body ? { payload: cut(`${fuzzCase.body.contentType} ${fuzzCase.body.payload}`) } : {}),
            status: res.statusCode,
            body: cut(res.body),
            ...(logged ? { error: cut(`${logged.message} ${logged.stack?.split('\n').slice(1, 4).join(' ') ?? ''}`, 600) } : {}),
          });
        }
      }
      if (identity === 'owner') await heal();
    }
    return failures;
  }

  it('fuzzes every registered route but the listed ones', () => {
    expect(routes.length).toBeGreaterThan(80);
    expect(t.app.routeAccess.filter(NOT_FUZZED).every((route) => route.method === 'HEAD')).toBe(true);
    expect(ownerPools.vocabulary.fieldNames).toEqual(expect.arrayContaining(['campaign_id', 'donor_id', 'search', 'page']));
    expect(accepted.size).toBeGreaterThanOrEqual(20);
  });

  it('anonymous and as a member of another campaign: no 5xx, §4 errors, both campaigns unchanged', async () => {
    const [beforeA, beforeB] = [await snapshot(campaignA), await snapshot(campaignB)];
    const failures = [...(await fuzz('anonymous', anonymousPools)), ...(await fuzz('outsider', outsiderPools))];
    expect(failures).toEqual([]);
    expect(await snapshot(campaignA)).toEqual(beforeA);
    expect(await snapshot(campaignB)).toEqual(beforeB);
  }, 120_000);

  it("as the campaign's owner: no 5xx, §4 errors, the other campaign unchanged", async () => {
    const beforeB = await snapshot(campaignB);
    expect(beforeB.donors).toHaveLength(1);
    expect(await fuzz('owner', ownerPools)).toEqual([]);
    expect(await snapshot(campaignB)).toEqual(beforeB);
  }, 120_000);
});
