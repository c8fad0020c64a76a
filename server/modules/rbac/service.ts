/**
 * Permissions: per campaign, the resource names of the member's role. Read by GET /rbac/* and pushed
 * over socket.io ('permissions') whenever a member's role or a role's resources change.
 */
import type { FastifyInstance } from 'fastify';
import type { CampaignPermission } from '../../../domain/campaign';
import type { Executor } from '../../db/executor';
import { findMemberAccess, listMemberAccess, listUserIdsWithRole } from './access-repository';
import { resolveResourceNames } from './role-resources';

/** Every campaign of the user with its resource names. */
export async function permissionsOfUser(db: Executor, userId: string): Promise<CampaignPermission[]> {
  const rows = await listMemberAccess(db, userId);
  return rows.map((row) => ({ campaign_id: row.campaignId, resource_names: resolveResourceNames(row.role, row.customResourceNames) }));
}

/** The user's permission in one campaign; no resources when not a member. */
export async function permissionInCampaign(db: Executor, campaignId: string, userId: string): Promise<CampaignPermission> {
  const row = await findMemberAccess(db, campaignId, userId);
  return { campaign_id: campaignId, resource_names: row ? resolveResourceNames(row.role, row.customResourceNames) : [] };
}

/** Pushes each user's current permission in the campaign (call after the change is committed). */
export async function pushCampaignPermissions(app: FastifyInstance, campaignId: string, userIds: readonly string[]): Promise<void> {
  for (const userId of new Set(userIds)) {
    app.live.pushPermissions(userId, [await permissionInCampaign(app.db, campaignId, userId)]);
  }
}

/** After a role's resources changed: every member holding it. */
export async function pushRolePermissions(app: FastifyInstance, campaignId: string, role: string): Promise<void> {
  await pushCampaignPermissions(app, campaignId, await listUserIdsWithRole(app.db, campaignId, role));
}
