import { and, eq } from 'drizzle-orm';
import type { CampaignStatus } from '../../../domain/campaign';
import type { Executor } from '../../db/executor';
import { campaignMembers, campaignRoles, campaigns } from '../../db/schema';

export interface MemberAccessRow {
  campaignId: string;
  role: string;
  /** The campaign's campaign_roles row for the role (custom, or its edit of manager/staff); null when none. */
  customResourceNames: string[] | null;
  status: CampaignStatus;
}

const memberAccessColumns = {
  campaignId: campaignMembers.campaignId,
  role: campaignMembers.role,
  customResourceNames: campaignRoles.resourceNames,
  status: campaigns.status,
};

function memberAccessQuery(db: Executor) {
  return db
    .select(memberAccessColumns)
    .from(campaignMembers)
    .innerJoin(campaigns, eq(campaigns.id, campaignMembers.campaignId))
    .leftJoin(campaignRoles, and(eq(campaignRoles.campaignId, campaignMembers.campaignId), eq(campaignRoles.key, campaignMembers.role)));
}

/** The caller's membership of one campaign (one indexed lookup), or null. */
export async function findMemberAccess(db: Executor, campaignId: string, userId: string): Promise<MemberAccessRow | null> {
  const [row] = await memberAccessQuery(db)
    .where(and(eq(campaignMembers.campaignId, campaignId), eq(campaignMembers.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Every membership of a user (their permissions in each campaign). */
export async function listMemberAccess(db: Executor, userId: string): Promise<MemberAccessRow[]> {
  return memberAccessQuery(db).where(eq(campaignMembers.userId, userId)).orderBy(campaignMembers.campaignId);
}

/** The members of a campaign holding `role`. */
export async function listUserIdsWithRole(db: Executor, campaignId: string, role: string): Promise<string[]> {
  const rows = await db
    .select({ userId: campaignMembers.userId })
    .from(campaignMembers)
    .where(and(eq(campaignMembers.campaignId, campaignId), eq(campaignMembers.role, role)));
  return rows.map((r) => r.userId);
}
