import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignMembers, campaigns } from '../../db/schema';
import { DEMO_OWNER_EMAIL } from '../../db/seed';
import { activeUser, adminSignIn, get, messagesTo, post, put } from '../../test/auth-helpers';
import { campaignBody, createCampaign, demoSignIn, toSession, type Session } from '../../test/campaign-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';

describe('campaign registration, activation and editing', () => {
  let t: TestApp;
  let owner: Session;
  let admin: Session;
  beforeAll(async () => {
    t = await buildTestApp({ seed: true });
    owner = await demoSignIn(t, 'owner');
    admin = toSession(await adminSignIn(t));
  });
  afterAll(async () => {
    await t.close();
  });

  it('create → pending (creator is owner) → admin activates → active → slug frozen', async () => {
    const res = await post(t, '/campaign/create_campaign', campaignBody({ campaign_name: 'Friends of Ortiz', slug: 'friends-of-ortiz', committee_id: 'C-123', state: 'new_york' }), owner.token);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created.message).toBe('Campaign created successfully');
    expect(created.message_code).toBe('CAMPAIGN_CREATED');
    expect(created.data).toMatchObject({
      campaign_name: 'Friends of Ortiz',
      slug: 'friends-of-ortiz',
      status: 'pending',
      role: 'owner',
      package_status: 'INACTIVE',
      public_url: 'http://localhost/friends-of-ortiz', // inject's Host (localhost:80): links follow the address the app was opened at
      committee_id: 'C-123',
      state: 'new_york',
      district: null,
    });
    const id = created.data.campaign_id as string;
    const [member] = await t.db.select().from(campaignMembers).where(eq(campaignMembers.campaignId, id));
    expect(member).toMatchObject({ userId: owner.userId, role: 'owner' });

    // Not public while pending; the slug may still change.
    expect((await get(t, '/campaign/get_campaign_by_slug/friends-of-ortiz')).statusCode).toBe(404);
    const renamed = await post(t, '/campaign/update_campaign', { campaign_id: id, slug: 'ortiz-for-mayor' }, owner.token);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ message: 'Campaign updated successfully', message_code: 'CAMPAIGN_UPDATED', data: { slug: 'ortiz-for-mayor' } });

    // The administrator's queue lists it; only the administrator activates.
    const pending = await get(t, '/campaign/admin/list_pending?limit=50', admin.token);
    expect(pending.statusCode).toBe(200);
    expect(pending.json().data.campaign_list).toEqual(
      expect.arrayContaining([expect.objectContaining({ campaign_id: id, slug: 'ortiz-for-mayor', created_by: expect.objectContaining({ email: DEMO_OWNER_EMAIL }) })]),
    );
    expect((await get(t, '/campaign/admin/list_pending', owner.token)).statusCode).toBe(403);
    expect((await get(t, `/campaign/approve_campaign/${id}`, owner.token)).statusCode).toBe(403);
    const approved = await get(t, `/campaign/approve_campaign/${id}`, admin.token);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'active', activated_at: expect.any(String) });
    expect((await get(t, `/campaign/approve_campaign/${id}`, admin.token)).json()).toMatchObject({ code: 'CAMPAIGN_NOT_PENDING' });
    expect((await messagesTo(t, DEMO_OWNER_EMAIL)).some((m) => m.purpose === 'campaign_activated' && m.body.includes('Friends of Ortiz'))).toBe(true);

    // Active: public by slug, slug frozen, other fields editable.
    expect((await get(t, '/campaign/get_campaign_by_slug/ortiz-for-mayor')).json().data.campaign_name).toBe('Friends of Ortiz');
    const frozen = await post(t, '/campaign/update_campaign', { campaign_id: id, slug: 'ortiz-2025' }, owner.token);
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().code).toBe('SLUG_FROZEN');
    const sameSlug = await post(t, '/campaign/update_campaign', { campaign_id: id, slug: 'ortiz-for-mayor', district: 'Manhattan' }, owner.token);
    expect(sameSlug.statusCode, sameSlug.body).toBe(200);
    expect(sameSlug.json().data).toMatchObject({ district: 'Manhattan', slug: 'ortiz-for-mayor' });
  });

  it('the campaign details keep the NYC CFB Candidate ID and Committee ID (trimmed), and refuse malformed ones with 400', async () => {
    const campaignId = (await createCampaign(t, owner.token)).campaign_id;
    const saved = await post(t, '/campaign/update_campaign', { campaign_id: campaignId, cfb_candidate_id: ' 1623 ', cfb_committee_id: 'b' }, owner.token);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ cfb_candidate_id: '1623', cfb_committee_id: 'b' });
    const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    expect(row).toMatchObject({ cfbCandidateId: '1623', cfbCommitteeId: 'b' });

    const bad = await post(t, '/campaign/update_campaign', { campaign_id: campaignId, cfb_candidate_id: 'C-12345', cfb_committee_id: 'AB' }, owner.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields).toEqual({
      cfb_candidate_id: 'CFB Candidate ID is 1 to 4 letters or digits (C-Access, Campaign Profile)',
      cfb_committee_id: 'CFB Committee ID is one letter or digit (C-Access, Campaign Profile)',
    });
    const [unchanged] = await t.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    expect(unchanged).toMatchObject({ cfbCandidateId: '1623', cfbCommitteeId: 'b' });

    // Cleared with empty values.
    const cleared = await post(t, '/campaign/update_campaign', { campaign_id: campaignId, cfb_candidate_id: '', cfb_committee_id: null }, owner.token);
    expect(cleared.json().data).toMatchObject({ cfb_candidate_id: null, cfb_committee_id: null });
  });

  it('a slug is unique (409 SLUG_TAKEN), well-formed and not reserved (400)', async () => {
    const taken = await post(t, '/campaign/create_campaign', campaignBody({ slug: 'demo-campaign' }), owner.token);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('SLUG_TAKEN');
    for (const slug of ['dashboard', 'Bad Slug', 'ab', 'trailing-', 'donor-limit-report']) {
      const res = await post(t, '/campaign/create_campaign', campaignBody({ slug }), owner.token);
      expect(res.statusCode, slug).toBe(400);
      expect(res.json().details.fields).toHaveProperty('slug');
    }
    const check = await get(t, '/campaign/check_slug/demo-campaign', owner.token);
    expect(check.json().data).toEqual({ slug: 'demo-campaign', available: false, reason: 'taken', suggestion: 'demo-campaign-2' });
    expect((await get(t, '/campaign/check_slug/dashboard', owner.token)).json().data).toMatchObject({ available: false, reason: 'invalid', suggestion: 'dashboard-campaign' });
    expect((await get(t, '/campaign/check_slug/brand-new-slug', owner.token)).json().data).toMatchObject({ available: true, reason: null });
    const ownSlug = await get(t, `/campaign/check_slug/demo-campaign?campaign_id=${t.seeded!.demoCampaign!.id}`, owner.token);
    expect(ownSlug.json().data.available).toBe(true);
  });

  it('checks rule-set fields and reference data', async () => {
    const noStatus = await post(t, '/campaign/create_campaign', campaignBody({ participant_status: undefined }), owner.token);
    expect(noStatus.json().details.fields).toHaveProperty('participant_status');
    const noLimits = await post(t, '/campaign/create_campaign', campaignBody({ compliance_rule_set: 'custom', participant_status: undefined }), owner.token);
    expect(Object.keys(noLimits.json().details.fields).sort()).toEqual(['custom_limit_individual_cents', 'custom_limit_organization_cents']);
    const badCycle = await post(t, '/campaign/create_campaign', campaignBody({ office_sought: 'governor', election_cycle: '2025' }), owner.token);
    expect(badCycle.statusCode).toBe(400);
    expect(badCycle.json().details.fields.election_cycle).toBe('This election cycle does not apply to the office sought');
    const badOffice = await post(t, '/campaign/create_campaign', campaignBody({ office_sought: 'emperor' }), owner.token);
    expect(badOffice.json().details.fields).toHaveProperty('office_sought');
    const badParty = await post(t, '/campaign/create_campaign', campaignBody({ party: 'Whig' }), owner.token);
    expect(badParty.json().details.fields).toHaveProperty('party');

    const custom = await createCampaign(t, owner.token, { compliance_rule_set: 'custom', participant_status: 'participant', custom_limit_individual_cents: 100_000, custom_limit_organization_cents: 0 });
    expect(custom).toMatchObject({ compliance_rule_set: 'custom', participant_status: null, custom_limit_individual_cents: 100_000 });
    // Switching to nyc_cfb needs a participant status and drops the custom limits.
    const switched = await post(t, '/campaign/update_campaign', { campaign_id: custom.campaign_id, compliance_rule_set: 'nyc_cfb' }, owner.token);
    expect(switched.json().details.fields).toHaveProperty('participant_status');
    const ok = await post(t, '/campaign/update_campaign', { campaign_id: custom.campaign_id, compliance_rule_set: 'nyc_cfb', participant_status: 'non_participant' }, owner.token);
    expect(ok.json().data).toMatchObject({ compliance_rule_set: 'nyc_cfb', participant_status: 'non_participant', custom_limit_individual_cents: null });
  });

  it("list_campaign: the caller's campaigns only, with role and package fields; another user's list is 403", async () => {
    const res = await get(t, `/campaign/list_campaign/${owner.userId}?limit=500&page=1`, owner.token);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ page: 1, limit: 500, total: data.campaign_list.length });
    const demo = data.campaign_list.find((c: { slug: string }) => c.slug === 'demo-campaign');
    expect(demo).toEqual({
      campaign_id: t.seeded!.demoCampaign!.id,
      campaign_name: 'Friends of Demo Candidate',
      slug: 'demo-campaign',
      public_url: 'http://localhost/demo-campaign',
      role: 'owner',
      role_name: 'Owner',
      status: 'active',
      package_status: 'ACTIVE',
      purchase_date: expect.any(String),
      total_purchased_year: 1,
      is_popup_shown: 0,
      expires_at: expect.any(String),
    });
    const rivera = data.campaign_list.find((c: { slug: string }) => c.slug === 'rivera-2026');
    expect(rivera).toMatchObject({ package_status: 'INACTIVE', purchase_date: null, total_purchased_year: 0, expires_at: null });

    const staff = await demoSignIn(t, 'staff');
    const staffList = (await get(t, `/campaign/list_campaign/${staff.userId}`, staff.token)).json().data;
    expect(staffList.campaign_list.map((c: { slug: string; role: string }) => [c.slug, c.role])).toEqual([['demo-campaign', 'staff']]);

    const stranger = await activeUser(t, 'stranger@example.org');
    expect((await get(t, `/campaign/list_campaign/${stranger.userId}`, stranger.idToken)).json().data).toEqual({ campaign_list: [], total: 0, page: 1, limit: 500 });
    const other = await get(t, `/campaign/list_campaign/${owner.userId}`, stranger.idToken);
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('FORBIDDEN');
    expect(other.body).not.toContain('demo-campaign');
    expect((await get(t, `/campaign/list_campaign/${owner.userId}?limit=501`, owner.token)).statusCode).toBe(400);
  });

  it('get_campaign answers the details with the caller role and permissions', async () => {
    const staff = await demoSignIn(t, 'staff');
    const res = await get(t, `/campaign/get_campaign/${t.seeded!.demoCampaign!.id}`, staff.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ slug: 'demo-campaign', role: 'staff', resource_names: expect.arrayContaining(['donor.read', 'donor.write']) });
    expect(res.json().data.resource_names).not.toContain('member.manage');
  });

  it('update-notify-status (PUT) and update-popup-info (POST) set is_popup_shown', async () => {
    const id = t.seeded!.demoCampaign!.id;
    const res = await put(t, '/campaign/update-notify-status', { campaign_id: id, is_popup_shown: 1 }, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ campaign_id: id, is_popup_shown: 1 });
    const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(row.isPopupShown).toBe(1);
    expect((await post(t, '/campaign/update-popup-info', { campaign_id: id, is_popup_shown: 0 }, owner.token)).json().data.is_popup_shown).toBe(0);
    expect((await put(t, '/campaign/update-notify-status', { campaign_id: id, is_popup_shown: 2 }, owner.token)).statusCode).toBe(400);
  });

  it('reference data: offices, cycles for an office or a campaign, states', async () => {
    const offices = (await get(t, '/campaign/list_office_sought', owner.token)).json().data;
    expect(offices.office_sought_list).toEqual(expect.arrayContaining([{ value: 'mayor', label: 'Mayor' }]));
    const cycles = (await get(t, '/campaign/list_election_cycle/state_assembly', owner.token)).json().data.election_cycle_list;
    expect(cycles.map((c: { value: string }) => c.value)).toEqual(['2024', '2026', '2028', '2030']);
    expect(cycles[0]).toEqual({ value: '2024', label: '2024 election', start_date: '2023-01-01', end_date: '2024-12-31' });
    const forCampaign = (await get(t, `/campaign/list_election_cycle/${t.seeded!.demoCampaign!.id}`, owner.token)).json().data.election_cycle_list;
    expect(forCampaign.map((c: { value: string }) => c.value)).toEqual(['2025', '2029']);
    const stranger = await activeUser(t, 'cycles@example.org');
    expect((await get(t, `/campaign/list_election_cycle/${t.seeded!.demoCampaign!.id}`, stranger.idToken)).statusCode).toBe(404);
    expect((await get(t, '/campaign/list_election_cycle/emperor', owner.token)).statusCode).toBe(404);
    expect((await get(t, '/campaign/list_state', owner.token)).json().data.state_list).toHaveLength(51);
    expect((await get(t, '/campaign/list_office_sought')).statusCode).toBe(401);
  });
});
