/**
 * The team of a campaign: list, change a member's role, remove a member. Rules:
 *   - only an owner gives, changes or removes the owner role (OWNER_ONLY);
 *   - nobody demotes or removes the last owner (LAST_OWNER);
 *   - nobody assigns, or acts on a member holding, more resources than they hold (FORBIDDEN).
 * Changes are pushed live: 'permissions' to the member; a removed member also gets 'campaign-removed'.
 */
import type { FastifyInstance } from 'fastify';
import type { MemberListData } from '../../../domain/campaign';
import type { CampaignContext } from '../../plugins/access';
import type { AuthUser } from '../../plugins/auth';
import { fail } from '../../plugins/errors';
import { grantsNoMoreThan } from '../rbac/role-resources';
import { pushCampaignPermissions } from '../rbac/service';
import { insertAudit } from './audit-repository';
import { assignableRole } from './invitations-service';
import { countMembersWithRole, deleteMember, findMember, listMembers, updateMemberRole, type MemberRow } from './members-repository';
import { lockCampaign } from './repository';
import { resolveRole } from './roles-service';
import type { Tx } from '../../db/executor';
import { roleName } from './view';

export async function listTeam(app: FastifyInstance, ctx: CampaignContext, filter: { page: number; limit: number; search?: string }): Promise<MemberListData> {
  const { rows, total } = await listMembers(app.db, ctx.id, filter);
  return {
    member_list: rows.map((r) => ({
      user_id: r.userId,
      name: r.name,
      last_name: r.lastName,
      email: r.email,
      phone: r.phone,
      profile_picture: r.profilePicture,
      role: r.role,
      role_name: roleName(r.role, r.customRoleName),
      joined_at: r.joinedAt.toISOString(),
    })),
    total,
    page: filter.page,
    limit: filter.limit,
  };
}

/** The target member, locked with the campaign; the caller may act on them. */
async function actOnMember(tx: Tx, ctx: CampaignContext, auth: AuthUser, userId: string): Promise<MemberRow> {
  await lockCampaign(tx, ctx.id);
  const target = await findMember(tx, ctx.id, userId);
  if (!target) throw fail(404, 'MEMBER_NOT_FOUND');
  if (target.role === 'owner' && ctx.role !== 'owner') throw fail(403, 'OWNER_ONLY');
  if (userId !== auth.id) {
    const current = await resolveRole(tx, ctx.id, target.role);
    if (current && !grantsNoMoreThan(current.resourceNames, ctx.resourceNames)) throw fail(403, 'FORBIDDEN');
  }
  return target;
}

async function assertNotLastOwner(tx: Tx, ctx: CampaignContext, target: MemberRow): Promise<void> {
  if (target.role === 'owner' && (await countMembersWithRole(tx, ctx.id, 'owner')) <= 1) throw fail(409, 'LAST_OWNER');
}

export async function changeMemberRole(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, body: { user_id: string; role: string }): Promise<{ user_id: string; role: string; role_name: string }> {
  const role = await assignableRole(app, ctx, body.role);
  const userId = body.user_id.toLowerCase();
  const now = app.clock.now();
  const changed = await app.db.transaction(async (tx) => {
    const target = await actOnMember(tx, ctx, auth, userId);
    if (target.role === role.key) return false;
    if (!(await resolveRole(tx, ctx.id, role.key))) throw fail(404, 'ROLE_NOT_FOUND'); // deleted meanwhile
    await assertNotLastOwner(tx, ctx, target);
    await updateMemberRole(tx, ctx.id, userId, role.key, now);
    await insertAudit(tx, { campaignId: ctx.id, actorId: auth.id, action: 'member.role_changed', targetUserId: userId, details: { from: target.role, to: role.key } }, now);
    return true;
  });
  if (changed) await pushCampaignPermissions(app, ctx.id, [userId]);
  return { user_id: userId, role: role.key, role_name: role.name };
}

export async function removeMember(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, rawUserId: string): Promise<{ user_id: string }> {
  const userId = rawUserId.toLowerCase();
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    const target = await actOnMember(tx, ctx, auth, userId);
    await assertNotLastOwner(tx, ctx, target);
    await deleteMember(tx, ctx.id, userId);
    await insertAudit(tx, { campaignId: ctx.id, actorId: auth.id, action: 'member.removed', targetUserId: userId, details: { role: target.role } }, now);
  });
  app.live.pushCampaignRemoved(userId, ctx.id);
  return { user_id: userId };
}
