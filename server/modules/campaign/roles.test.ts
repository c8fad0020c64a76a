import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_NAMES, SYSTEM_ROLES } from '../../../domain/permissions';
import { activeUser, get, post } from '../../test/auth-helpers';
import { addMember, del, demoSignIn, toSession, type Session } from '../../test/campaign-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';

describe('roles and their resource names', () => {
  let t: TestApp;
  let owner: Session;
  let campaignId: string;
  beforeAll(async () => {
    t = await buildTestApp({ seed: true });
    owner = await demoSignIn(t, 'owner');
    campaignId = t.seeded!.demoCampaign!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the system roles with their resources and member counts', async () => {
    const res = await get(t, `/campaign/roles/list_role/${campaignId}`, owner.token);
    expect(res.statusCode).toBe(200);
    const roles = res.json().data.role_list;
    expect(roles.map((r: { role_key: string }) => r.role_key)).toEqual(['owner', 'manager', 'staff']);
    expect(roles[0]).toEqual({ role_key: 'owner', name: 'Owner', resource_names: RESOURCE_NAMES, is_system: true, member_count: 1 });
    expect(roles[2].resource_names).toEqual(SYSTEM_ROLES.staff.resource_names);
    const resources = (await get(t, '/campaign/roles/list_resource', owner.token)).json().data.resource_list;
    expect(resources.map((r: { name: string }) => r.name)).toEqual(RESOURCE_NAMES);
  });

  it('a custom role grants exactly its resource names, enforced on the routes, and edits apply at once', async () => {
    const add = await post(t, '/campaign/roles/add_role', { campaign_id: campaignId, name: 'Field Volunteer', resource_names: ['campaign.read', 'donor.read'] }, owner.token);
    expect(add.statusCode, add.body).toBe(201);
    expect(add.json()).toMatchObject({ message_code: 'ROLE_CREATED', data: { role_key: 'field_volunteer', name: 'Field Volunteer', resource_names: ['campaign.read', 'donor.read'], is_system: false } });

    const volunteer = toSession(await activeUser(t, 'volunteer@example.org'));
    await addMember(t, campaignId, volunteer.userId, 'field_volunteer');
    expect((await get(t, `/campaign/get_campaign/${campaignId}`, volunteer.token)).statusCode).toBe(200);
    expect((await get(t, `/campaign/members/list_member/${campaignId}`, volunteer.token)).statusCode).toBe(403);
    const write = await post(t, '/campaign/update_campaign', { campaign_id: campaignId, district: 'X' }, volunteer.token);
    expect(write.statusCode).toBe(403);
    expect((await get(t, `/rbac/role-access/${campaignId}`, volunteer.token)).json()).toEqual({ data: [{ campaign_id: campaignId, resource_names: ['campaign.read', 'donor.read'] }] });

    const update = await post(t, '/campaign/roles/update_role', { campaign_id: campaignId, role_key: 'field_volunteer', name: 'Volunteer', resource_names: ['member.read', 'campaign.read'] }, owner.token);
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json().data).toMatchObject({ name: 'Volunteer', resource_names: ['campaign.read', 'member.read'], member_count: 1 });
    expect((await get(t, `/campaign/members/list_member/${campaignId}`, volunteer.token)).statusCode).toBe(200);

    // In use: not deleted. Free: deleted.
    const inUse = await del(t, `/campaign/roles/delete_role/${campaignId}/field_volunteer`, owner.token);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().code).toBe('ROLE_IN_USE');
    await post(t, '/campaign/members/update_member_role', { campaign_id: campaignId, user_id: volunteer.userId, role: 'staff' }, owner.token);
    const deleted = await del(t, `/campaign/roles/delete_role/${campaignId}/field_volunteer`, owner.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await del(t, `/campaign/roles/delete_role/${campaignId}/field_volunteer`, owner.token)).json().code).toBe('ROLE_NOT_FOUND');
  });

  it('only names from domain/permissions.ts; owner fixed; system roles not deleted; keys unique', async () => {
    const unknown = await post(t, '/campaign/roles/add_role', { campaign_id: campaignId, name: 'Hacker', resource_names: ['donor.read', 'root.everything'] }, owner.token);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.fields).toHaveProperty(['resource_names[1]']);
    const ownerEdit = await post(t, '/campaign/roles/update_role', { campaign_id: campaignId, role_key: 'owner', name: 'Owner', resource_names: [] }, owner.token);
    expect(ownerEdit.statusCode).toBe(422);
    expect(ownerEdit.json().code).toBe('SYSTEM_ROLE_READ_ONLY');
    expect((await del(t, `/campaign/roles/delete_role/${campaignId}/staff`, owner.token)).json().code).toBe('SYSTEM_ROLE_READ_ONLY');
    expect((await post(t, '/campaign/roles/add_role', { campaign_id: campaignId, name: 'Staff', role_key: 'staff', resource_names: [] }, owner.token)).json().code).toBe('ROLE_EXISTS');
    // A name like a system role's gets another key.
    expect((await post(t, '/campaign/roles/add_role', { campaign_id: campaignId, name: 'Staff', resource_names: [] }, owner.token)).json().data.role_key).toBe('staff_custom');
    await post(t, '/campaign/roles/add_role', { campaign_id: campaignId, name: 'Caller', resource_names: [] }, owner.token);
    expect((await post(t, '/campaign/roles/add_role', { campaign_id: campaignId, name: 'Caller', resource_names: [] }, owner.token)).json().code).toBe('ROLE_EXISTS');
  });

  it("a campaign edits the staff role's resources; staff loses them at once", async () => {
    const staff = await demoSignIn(t, 'staff');
    expect((await get(t, `/campaign/members/list_member/${campaignId}`, staff.token)).statusCode).toBe(200);
    const without = SYSTEM_ROLES.staff.resource_names.filter((name) => name !== 'member.read');
    const res = await post(t, '/campaign/roles/update_role', { campaign_id: campaignId, role_key: 'staff', name: 'ignored', resource_names: without }, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ role_key: 'staff', name: 'Staff', is_system: true, resource_names: without });
    expect((await get(t, `/campaign/members/list_member/${campaignId}`, staff.token)).statusCode).toBe(403);
    // Other campaigns keep the defaults.
    const other = (await get(t, `/campaign/roles/list_role/${t.seeded!.secondCampaign!.id}`, owner.token)).json().data.role_list;
    expect(other.find((r: { role_key: string }) => r.role_key === 'staff').resource_names).toEqual(SYSTEM_ROLES.staff.resource_names);
  });

  it('nobody grants more than they hold', async () => {
    // A member who may manage roles and members, but holds nothing else.
    await post(t, '/campaign/roles/add_role', { campaign_id: campaignId, name: 'Team Lead', resource_names: ['member.read', 'member.manage', 'role.manage'] }, owner.token);
    const lead = toSession(await activeUser(t, 'lead@example.org'));
    await addMember(t, campaignId, lead.userId, 'team_lead');
    const grantMore = await post(t, '/campaign/roles/add_role', { campaign_id: campaignId, name: 'Super', resource_names: ['donor.write'] }, lead.token);
    expect(grantMore.statusCode).toBe(403);
    const promoteSelf = await post(t, '/campaign/members/update_member_role', { campaign_id: campaignId, user_id: lead.userId, role: 'manager' }, lead.token);
    expect(promoteSelf.statusCode).toBe(403);
    const inviteManager = await post(t, '/campaign/members/invite_member', { campaign_id: campaignId, email: 'friend@example.org', role: 'manager' }, lead.token);
    expect(inviteManager.statusCode).toBe(403);
    const manager = await demoSignIn(t, 'manager');
    expect((await del(t, `/campaign/members/remove_member/${campaignId}/${manager.userId}`, lead.token)).statusCode).toBe(403);
  });

  it('Download reports is granted only with View reports (issue 33.6)', async () => {
    const alone = await post(t, '/campaign/roles/add_role', { campaign_id: campaignId, name: 'Downloader', resource_names: ['report.download'] }, owner.token);
    expect(alone.statusCode).toBe(400);
    expect(alone.json().details.fields.resource_names).toBe('Download reports needs View reports');
    const both = await post(t, '/campaign/roles/add_role', { campaign_id: campaignId, name: 'Auditor', resource_names: ['report.download', 'report.read'] }, owner.token);
    expect(both.statusCode, both.body).toBe(201);
    const auditor = toSession(await activeUser(t, 'auditor@example.org'));
    await addMember(t, campaignId, auditor.userId, 'auditor');
    const start = { campaign_id: campaignId, type: 'donation', format: 'csv', filter: {} };
    expect((await post(t, '/donation/start_report/', start, auditor.token)).statusCode).toBe(201);

    // A role stored before the rule (download without view) grants no download.
    await t.pool.query("update campaign_roles set resource_names = '{report.download}' where campaign_id = $1 and key = 'auditor'", [campaignId]);
    // The change feed tells every instance's access cache after the commit: wait for it, as a user would.
    await expect.poll(async () => (await get(t, `/rbac/role-access/${campaignId}`, auditor.token)).json().data[0].resource_names).toEqual([]);
    await expect.poll(async () => (await post(t, '/donation/start_report/', start, auditor.token)).statusCode).toBe(403);
  });
});
