import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignAudit, campaignMembers } from '../../db/schema';
import { DEMO_MANAGER_EMAIL, DEMO_OWNER_EMAIL } from '../../db/seed';
import { ManualClock } from '../../plugins/clock';
import { activeUser, get, messagesTo, post } from '../../test/auth-helpers';
import { addMember, del, demoSignIn, toSession, type Session } from '../../test/campaign-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';

/** The token of the accept link in the newest invitation e-mail to `email`. */
async function invitationToken(t: TestApp, email: string): Promise<string> {
  const [message] = (await messagesTo(t, email)).filter((m) => m.purpose === 'campaign_invitation');
  expect(message, `an invitation to ${email}`).toBeDefined();
  const match = /http:\/\/localhost\/campaign\?invitation=([A-Za-z0-9_-]+)/.exec(message.body);
  expect(match, 'an accept link').not.toBeNull();
  return decodeURIComponent(match![1]);
}

describe('team: invitations, roles of members, removal', () => {
  let t: TestApp;
  let owner: Session;
  let manager: Session;
  let campaignId: string;
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await buildTestApp({ seed: true, clock });
    owner = await demoSignIn(t, 'owner');
    manager = await demoSignIn(t, 'manager');
    campaignId = t.seeded!.demoCampaign!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('invite → e-mail in the outbox with an accept link → the invited user accepts → member', async () => {
    const res = await post(t, '/campaign/members/invite_member', { campaign_id: campaignId, email: 'New.Staff@Example.org', role: 'staff' }, owner.token);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ message_code: 'INVITATION_SENT', data: { email: 'new.staff@example.org', role: 'staff', role_name: 'Staff' } });
    expect(res.body).not.toMatch(/token/i);
    const token = await invitationToken(t, 'new.staff@example.org');
    const [mail] = await messagesTo(t, 'new.staff@example.org');
    expect(mail.subject).toBe('Campaign Donation Tracker: Invitation to join Friends of Demo Candidate');

    const invitations = (await get(t, `/campaign/members/list_invitation/${campaignId}`, owner.token)).json().data;
    expect(invitations.invitation_list).toEqual([expect.objectContaining({ email: 'new.staff@example.org', role: 'staff' })]);

    const newcomer = toSession(await activeUser(t, 'new.staff@example.org'));
    const someoneElse = toSession(await activeUser(t, 'someone.else@example.org'));
    const mismatch = await post(t, '/campaign/members/accept_invitation', { token }, someoneElse.token);
    expect(mismatch.statusCode).toBe(403);
    expect(mismatch.json().code).toBe('INVITATION_EMAIL_MISMATCH');
    expect((await post(t, '/campaign/members/accept_invitation', { token })).statusCode).toBe(401);

    const accepted = await post(t, '/campaign/members/accept_invitation', { token }, newcomer.token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ message_code: 'INVITATION_ACCEPTED', data: { campaign_id: campaignId, campaign_name: 'Friends of Demo Candidate', role: 'staff' } });
    // A second click answers the same; the token is no use to anyone else.
    expect((await post(t, '/campaign/members/accept_invitation', { token }, newcomer.token)).statusCode).toBe(200);
    expect((await post(t, '/campaign/members/accept_invitation', { token }, someoneElse.token)).json().code).toBe('INVITATION_NOT_FOUND');

    const list = (await get(t, `/campaign/members/list_member/${campaignId}?search=new.staff`, owner.token)).json().data;
    expect(list).toMatchObject({ total: 1, member_list: [{ user_id: newcomer.userId, role: 'staff', role_name: 'Staff', email: 'new.staff@example.org' }] });
    expect((await get(t, `/campaign/members/list_invitation/${campaignId}`, owner.token)).json().data.invitation_list).toEqual([]);
    const joined = await t.db.select().from(campaignAudit).where(and(eq(campaignAudit.campaignId, campaignId), eq(campaignAudit.action, 'member.joined')));
    expect(joined).toHaveLength(1);
  });

  it('inviting yourself as owner → 422 INVITED_OWNER_IS_CURRENT_USER; a member → 409 ALREADY_MEMBER', async () => {
    const self = await post(t, '/campaign/members/invite_member', { campaign_id: campaignId, email: DEMO_OWNER_EMAIL, role: 'owner' }, owner.token);
    expect(self.statusCode).toBe(422);
    expect(self.json()).toEqual({ code: 'INVITED_OWNER_IS_CURRENT_USER', message: 'Invited owner is same as current user' });
    const member = await post(t, '/campaign/members/invite_member', { campaign_id: campaignId, email: DEMO_MANAGER_EMAIL, role: 'staff' }, owner.token);
    expect(member.statusCode).toBe(409);
    expect(member.json().code).toBe('ALREADY_MEMBER');
    const unknownRole = await post(t, '/campaign/members/invite_member', { campaign_id: campaignId, email: 'x@example.org', role: 'wizard' }, owner.token);
    expect(unknownRole.statusCode).toBe(400);
    expect(unknownRole.json().details.fields.role).toBe('Unknown role');
  });

  it('only an owner invites or appoints an owner (OWNER_ONLY)', async () => {
    const invite = await post(t, '/campaign/members/invite_member', { campaign_id: campaignId, email: 'co-owner@example.org', role: 'owner' }, manager.token);
    expect(invite.statusCode).toBe(403);
    expect(invite.json().code).toBe('OWNER_ONLY');
    const demote = await post(t, '/campaign/members/update_member_role', { campaign_id: campaignId, user_id: owner.userId, role: 'staff' }, manager.token);
    expect(demote.json().code).toBe('OWNER_ONLY');
    expect((await del(t, `/campaign/members/remove_member/${campaignId}/${owner.userId}`, manager.token)).json().code).toBe('OWNER_ONLY');
  });

  it('the last owner can be neither demoted nor removed (409 LAST_OWNER); with two owners one can go', async () => {
    const demote = await post(t, '/campaign/members/update_member_role', { campaign_id: campaignId, user_id: owner.userId, role: 'manager' }, owner.token);
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual({ code: 'LAST_OWNER', message: 'A campaign needs at least one owner' });
    const remove = await del(t, `/campaign/members/remove_member/${campaignId}/${owner.userId}`, owner.token);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().code).toBe('LAST_OWNER');

    const promote = await post(t, '/campaign/members/update_member_role', { campaign_id: campaignId, user_id: manager.userId, role: 'owner' }, owner.token);
    expect(promote.statusCode, promote.body).toBe(200);
    expect(promote.json()).toMatchObject({ message_code: 'MEMBER_ROLE_UPDATED', data: { user_id: manager.userId, role: 'owner', role_name: 'Owner' } });
    const back = await post(t, '/campaign/members/update_member_role', { campaign_id: campaignId, user_id: manager.userId, role: 'manager' }, owner.token);
    expect(back.statusCode).toBe(200);
  });

  it('remove_member removes; the removed member loses access at once', async () => {
    const leaving = toSession(await activeUser(t, 'leaving@example.org'));
    await addMember(t, campaignId, leaving.userId, 'staff');
    expect((await get(t, `/campaign/get_campaign/${campaignId}`, leaving.token)).statusCode).toBe(200);
    const res = await del(t, `/campaign/members/remove_member/${campaignId}/${leaving.userId}`, manager.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message_code: 'MEMBER_REMOVED', data: { user_id: leaving.userId } });
    expect(await t.db.select().from(campaignMembers).where(and(eq(campaignMembers.campaignId, campaignId), eq(campaignMembers.userId, leaving.userId)))).toEqual([]);
    expect((await get(t, `/campaign/get_campaign/${campaignId}`, leaving.token)).statusCode).toBe(404);
    expect((await get(t, `/rbac/role-access/${campaignId}`, leaving.token)).json()).toEqual({ data: [{ campaign_id: campaignId, resource_names: [] }] });
    expect((await del(t, `/campaign/members/remove_member/${campaignId}/${leaving.userId}`, manager.token)).json().code).toBe('MEMBER_NOT_FOUND');
  });

  it('invitations expire after 7 days and can be cancelled', async () => {
    await post(t, '/campaign/members/invite_member', { campaign_id: campaignId, email: 'late@example.org', role: 'staff' }, owner.token);
    const token = await invitationToken(t, 'late@example.org');
    const late = toSession(await activeUser(t, 'late@example.org'));
    clock.advance(7 * 24 * 60 * 60_000 + 1000);
    try {
      const expired = await post(t, '/campaign/members/accept_invitation', { token }, (await demoSignInAgain(t, late)).token);
      expect(expired.statusCode).toBe(422);
      expect(expired.json().code).toBe('INVITATION_EXPIRED');
    } finally {
      clock.set(new Date());
    }
    const again = await post(t, '/campaign/members/invite_member', { campaign_id: campaignId, email: 'late@example.org', role: 'staff' }, owner.token);
    const invitationId = again.json().data.invitation_id as string;
    const cancelled = await del(t, `/campaign/members/revoke_invitation/${campaignId}/${invitationId}`, owner.token);
    expect(cancelled.statusCode).toBe(200);
    const newToken = await invitationToken(t, 'late@example.org');
    expect((await post(t, '/campaign/members/accept_invitation', { token: newToken }, late.token)).json().code).toBe('INVITATION_NOT_FOUND');
  });

  it('staff cannot manage the team (403) but can read it', async () => {
    const staff = await demoSignIn(t, 'staff');
    expect((await get(t, `/campaign/members/list_member/${campaignId}`, staff.token)).statusCode).toBe(200);
    const invite = await post(t, '/campaign/members/invite_member', { campaign_id: campaignId, email: 'x@example.org', role: 'staff' }, staff.token);
    expect(invite.statusCode).toBe(403);
    expect(invite.json().code).toBe('FORBIDDEN');
  });
});

/** After the clock moved 7 days, session tokens expired too: sign in again. */
async function demoSignInAgain(t: TestApp, user: Session): Promise<Session> {
  const res = await post(t, '/auth/authentication/signin', { email: user.user.email, password: 'secret-pass-1' });
  expect(res.statusCode, res.body).toBe(200);
  return toSession(res.json().data);
}
