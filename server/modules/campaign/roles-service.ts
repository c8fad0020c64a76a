/**
 * Roles of a campaign: the system roles owner (every resource, fixed), manager and staff (defaults
 * in domain/permissions.ts, which a campaign may edit) and custom roles whose resource names the
 * roles screen edits. Nobody grants more than they hold. A change of a role's resources is pushed
 * live to every member holding it.
 */
import type { FastifyInstance } from 'fastify';
import type { RoleItem, RoleListData } from '../../../domain/campaign';
import { isSystemRoleKey, normalizeResourceNames, suggestRoleKey, SYSTEM_ROLE_KEYS, SYSTEM_ROLES, type ResourceName } from '../../../domain/permissions';
import { isUniqueViolation } from '../../db/errors';
import type { Executor } from '../../db/executor';
import type { CampaignContext } from '../../plugins/access';
import type { AuthUser } from '../../plugins/auth';
import { fail } from '../../plugins/errors';
import { grantsNoMoreThan, resolveResourceNames } from '../rbac/role-resources';
import { pushRolePermissions } from '../rbac/service';
import { insertAudit } from './audit-repository';
import { revokePendingInvitationsWithRole } from './invitations-repository';
import { countMembersByRole, countMembersWithRole } from './members-repository';
import { lockCampaign } from './repository';
import { deleteCustomRole, findCustomRole, insertCustomRole, listCustomRoles, updateCustomRole, upsertRoleResources } from './roles-repository';

export interface ResolvedRole {
  key: string;
  name: string;
  resourceNames: ResourceName[];
  isSystem: boolean;
}

/** A system role or one of the campaign's custom roles, with its resources there; null when neither. */
export async function resolveRole(db: Executor, campaignId: string, key: string): Promise<ResolvedRole | null> {
  const row = key === 'owner' ? null : await findCustomRole(db, campaignId, key);
  if (isSystemRoleKey(key)) return { key, name: SYSTEM_ROLES[key].name, resourceNames: resolveResourceNames(key, row?.resourceNames ?? null), isSystem: true };
  return row ? { key, name: row.name, resourceNames: resolveResourceNames(key, row.resourceNames), isSystem: false } : null;
}

function roleItem(role: ResolvedRole, memberCount: number): RoleItem {
  return { role_key: role.key, name: role.name, resource_names: role.resourceNames, is_system: role.isSystem, member_count: memberCount };
}

export async function listRoles(app: FastifyInstance, ctx: CampaignContext): Promise<RoleListData> {
  const [rows, counts] = await Promise.all([listCustomRoles(app.db, ctx.id), countMembersByRole(app.db, ctx.id)]);
  const rowOf = new Map(rows.map((row) => [row.key, row]));
  const system = SYSTEM_ROLE_KEYS.map((key) =>
    roleItem({ key, name: SYSTEM_ROLES[key].name, resourceNames: resolveResourceNames(key, rowOf.get(key)?.resourceNames ?? null), isSystem: true }, counts.get(key) ?? 0),
  );
  const custom = rows
    .filter((row) => !isSystemRoleKey(row.key))
    .map((row) => roleItem({ key: row.key, name: row.name, resourceNames: resolveResourceNames(row.key, row.resourceNames), isSystem: false }, counts.get(row.key) ?? 0));
  const roleList = [...system, ...custom];
  return { role_list: roleList, total: roleList.length };
}

function assertGrantable(ctx: CampaignContext, resourceNames: readonly string[]): void {
  if (!grantsNoMoreThan(resourceNames, ctx.resourceNames)) throw fail(403, 'FORBIDDEN');
}

export async function addRole(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, body: { name: string; role_key?: string; resource_names: string[] }): Promise<RoleItem> {
  const name = body.name.trim();
  const key = body.role_key ?? suggestRoleKey(name);
  if (isSystemRoleKey(key)) throw fail(409, 'ROLE_EXISTS');
  const resourceNames = normalizeResourceNames(body.resource_names);
  assertGrantable(ctx, resourceNames);
  const now = app.clock.now();
  await app.db
    .transaction(async (tx) => {
      await insertCustomRole(tx, { campaignId: ctx.id, key, name, resourceNames }, now);
      await insertAudit(tx, { campaignId: ctx.id, actorId: auth.id, action: 'role.created', details: { role: key, resource_names: resourceNames } }, now);
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw fail(409, 'ROLE_EXISTS');
      throw error;
    });
  return roleItem({ key, name, resourceNames, isSystem: false }, 0);
}

/** Custom roles: name and resources. Manager and staff: resources only (their names are fixed). */
export async function updateRole(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, body: { role_key: string; name: string; resource_names: string[] }): Promise<RoleItem> {
  const key = body.role_key;
  if (key === 'owner') throw fail(422, 'SYSTEM_ROLE_READ_ONLY');
  const resourceNames = normalizeResourceNames(body.resource_names);
  assertGrantable(ctx, resourceNames);
  const now = app.clock.now();
  const role = await app.db.transaction(async (tx) => {
    const before = await resolveRole(tx, ctx.id, key);
    if (!before) throw fail(404, 'ROLE_NOT_FOUND');
    if (before.isSystem) {
      await upsertRoleResources(tx, { campaignId: ctx.id, key, name: before.name, resourceNames }, now);
    } else if (!(await updateCustomRole(tx, ctx.id, key, { name: body.name.trim(), resourceNames }, now))) {
      throw fail(404, 'ROLE_NOT_FOUND');
    }
    await insertAudit(tx, { campaignId: ctx.id, actorId: auth.id, action: 'role.updated', details: { role: key, before: before.resourceNames, after: resourceNames } }, now);
    return { ...before, name: before.isSystem ? before.name : body.name.trim(), resourceNames };
  });
  await pushRolePermissions(app, ctx.id, key);
  return roleItem(role, await countMembersWithRole(app.db, ctx.id, key));
}

/** Deletes a custom role nobody holds; its pending invitations are cancelled. */
export async function deleteRole(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, key: string): Promise<{ role_key: string }> {
  if (isSystemRoleKey(key)) throw fail(422, 'SYSTEM_ROLE_READ_ONLY');
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    await lockCampaign(tx, ctx.id); // no member gets the role while it is being deleted
    if (!(await findCustomRole(tx, ctx.id, key))) throw fail(404, 'ROLE_NOT_FOUND');
    if ((await countMembersWithRole(tx, ctx.id, key)) > 0) throw fail(409, 'ROLE_IN_USE');
    await revokePendingInvitationsWithRole(tx, ctx.id, key, now);
    await deleteCustomRole(tx, ctx.id, key);
    await insertAudit(tx, { campaignId: ctx.id, actorId: auth.id, action: 'role.deleted', details: { role: key } }, now);
  });
  return { role_key: key };
}
