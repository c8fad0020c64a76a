/**
 * Invitations: a member with member.manage invites an e-mail address with a role; the e-mail (through
 * the outbox) links to <link origin>/campaign?invitation=<token> (plugins/link-origin.ts); the signed-in user whose e-mail is the
 * invited one accepts it and joins. Tokens are 32 random bytes, stored as sha256, single use, 7 days.
 * Only an owner invites an owner; nobody invites with a role granting more than they hold.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AcceptInvitationData, InvitationItem, InvitationListData } from '../../../domain/campaign';
import { CAMPAIGN_VALIDATION_MESSAGES as M } from '../../../domain/validation/campaign';
import type { CampaignContext } from '../../plugins/access';
import { campaignNotFound } from '../../plugins/access';
import type { AuthUser } from '../../plugins/auth';
import { fail } from '../../plugins/errors';
import { grantsNoMoreThan } from '../rbac/role-resources';
import { pushCampaignPermissions } from '../rbac/service';
import { findUserByAttribute, findUserById } from '../users/repository';
import { insertAudit } from './audit-repository';
import { invitationMessage } from './campaign-emails';
import {
  findInvitationByTokenHash,
  insertInvitation,
  listPendingInvitations,
  markInvitationAccepted,
  revokeInvitation,
  revokePendingInvitationsTo,
  type InvitationRow,
} from './invitations-repository';
import { findMember, insertMember } from './members-repository';
import { findCampaignById, lockCampaign } from './repository';
import { resolveRole, type ResolvedRole } from './roles-service';
import { roleName } from './view';

export const INVITATION_TTL_DAYS = 7;
const DAY_MS = 24 * 60 * 60_000;

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

function toItem(row: InvitationRow, customRoleName: string | null): InvitationItem {
  return {
    invitation_id: row.id,
    email: row.email,
    role: row.role,
    role_name: roleName(row.role, customRoleName),
    invited_by: row.invitedBy,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}

/** The role must exist; an owner role only from an owner; never more than the caller holds. */
export async function assignableRole(app: FastifyInstance, ctx: CampaignContext, key: string): Promise<ResolvedRole> {
  const role = await resolveRole(app.db, ctx.id, key);
  if (!role) throw fail(400, 'VALIDATION_ERROR', { in: 'body', fields: { role: M.ROLE_UNKNOWN } });
  if (role.key === 'owner' && ctx.role !== 'owner') throw fail(403, 'OWNER_ONLY');
  if (!grantsNoMoreThan(role.resourceNames, ctx.resourceNames)) throw fail(403, 'FORBIDDEN');
  return role;
}

export async function inviteMember(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, body: { email: string; role: string }, origin: string): Promise<InvitationItem> {
  const email = body.email.trim().toLowerCase();
  const inviter = await findUserById(app.db, auth.id);
  if (body.role === 'owner' && inviter?.email === email) throw fail(422, 'INVITED_OWNER_IS_CURRENT_USER');
  const role = await assignableRole(app, ctx, body.role);
  const invitee = await findUserByAttribute(app.db, 'email', email);
  if (invitee && (await findMember(app.db, ctx.id, invitee.id))) throw fail(409, 'ALREADY_MEMBER');
  const campaign = await findCampaignById(app.db, ctx.id);
  if (!campaign) throw campaignNotFound();

  const now = app.clock.now();
  const token = randomBytes(32).toString('base64url');
  const row = await app.db.transaction(async (tx) => {
    await revokePendingInvitationsTo(tx, ctx.id, email, now);
    const created = await insertInvitation(tx, {
      campaignId: ctx.id,
      email,
      role: role.key,
      tokenHash: hashToken(token),
      invitedBy: auth.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
    });
    await insertAudit(tx, { campaignId: ctx.id, actorId: auth.id, action: 'member.invited', targetUserId: invitee?.id ?? null, details: { email, role: role.key } }, now);
    return created;
  });
  const acceptUrl = `${origin}/campaign?invitation=${encodeURIComponent(token)}`;
  const inviterName = [inviter?.name, inviter?.lastName].filter(Boolean).join(' ');
  await app.outbox.send(invitationMessage({ email, campaignName: campaign.campaignName, roleName: role.name, inviterName, acceptUrl, expiresInDays: INVITATION_TTL_DAYS }));
  return toItem(row, role.isSystem ? null : role.name);
}

export async function acceptInvitation(app: FastifyInstance, auth: AuthUser, token: string): Promise<AcceptInvitationData> {
  const now = app.clock.now();
  const outcome = await app.db.transaction(async (tx) => {
    const found = await findInvitationByTokenHash(tx, hashToken(token));
    if (!found || found.invitation.revokedAt) throw fail(404, 'INVITATION_NOT_FOUND');
    const { invitation, campaignName } = found;
    if (invitation.acceptedAt) {
      // Accepting twice (a double click, a second tab) answers the same.
      const member = invitation.acceptedBy === auth.id ? await findMember(tx, invitation.campaignId, auth.id) : null;
      if (!member) throw fail(404, 'INVITATION_NOT_FOUND');
      return { data: { campaign_id: invitation.campaignId, campaign_name: campaignName, role: member.role }, joined: false };
    }
    if (invitation.expiresAt <= now) throw fail(422, 'INVITATION_EXPIRED');
    const user = await findUserById(tx, auth.id);
    if (!user?.email || user.email !== invitation.email) throw fail(403, 'INVITATION_EMAIL_MISMATCH');
    const campaign = await lockCampaign(tx, invitation.campaignId);
    if (campaign?.status === 'archived') throw fail(409, 'CAMPAIGN_ARCHIVED');
    if (!(await resolveRole(tx, invitation.campaignId, invitation.role))) throw fail(404, 'INVITATION_NOT_FOUND');
    const existing = await findMember(tx, invitation.campaignId, auth.id);
    if (!existing) {
      await insertMember(tx, { campaignId: invitation.campaignId, userId: auth.id, role: invitation.role, createdAt: now, updatedAt: now });
      await insertAudit(tx, { campaignId: invitation.campaignId, actorId: auth.id, action: 'member.joined', targetUserId: auth.id, details: { role: invitation.role, invitation_id: invitation.id } }, now);
    }
    await markInvitationAccepted(tx, invitation.id, auth.id, now);
    return { data: { campaign_id: invitation.campaignId, campaign_name: campaignName, role: existing?.role ?? invitation.role }, joined: !existing };
  });
  if (outcome.joined) await pushCampaignPermissions(app, outcome.data.campaign_id, [auth.id]);
  return outcome.data;
}

export async function listInvitations(app: FastifyInstance, ctx: CampaignContext, filter: { page: number; limit: number }): Promise<InvitationListData> {
  const { rows, total } = await listPendingInvitations(app.db, ctx.id, app.clock.now(), filter);
  return { invitation_list: rows.map((r) => toItem(r.invitation, r.customRoleName)), total, page: filter.page, limit: filter.limit };
}

export async function cancelInvitation(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, invitationId: string): Promise<{ invitation_id: string }> {
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    const row = await revokeInvitation(tx, ctx.id, invitationId, now);
    if (!row) throw fail(404, 'INVITATION_NOT_FOUND');
    await insertAudit(tx, { campaignId: ctx.id, actorId: auth.id, action: 'member.invitation_revoked', details: { email: row.email, role: row.role } }, now);
  });
  return { invitation_id: invitationId };
}
