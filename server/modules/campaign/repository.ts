import { and, asc, count, desc, eq, ilike, like, or, sql, type SQL } from 'drizzle-orm';
import type { CampaignStatus } from '../../../domain/campaign';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/executor';
import { campaignMembers, campaignRoles, campaigns, users } from '../../db/schema';

export type CampaignRow = typeof campaigns.$inferSelect;
export type NewCampaign = typeof campaigns.$inferInsert;
export type CampaignPatch = Partial<Omit<NewCampaign, 'id' | 'createdAt'>>;

export async function findCampaignBySlug(db: Db, slug: string): Promise<CampaignRow | null> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.slug, slug)).limit(1);
  return row ?? null;
}

export async function findCampaignById(db: Executor, id: string): Promise<CampaignRow | null> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id)).limit(1);
  return row ?? null;
}

/** The campaign row locked until the transaction ends (serialises owner counts and package grants). */
export async function lockCampaign(tx: Executor, id: string): Promise<CampaignRow | null> {
  const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function insertCampaign(db: Executor, values: NewCampaign): Promise<CampaignRow> {
  const [row] = await db.insert(campaigns).values(values).returning();
  return row;
}

export async function updateCampaign(db: Executor, id: string, patch: CampaignPatch, now: Date): Promise<CampaignRow | null> {
  const [row] = await db
    .update(campaigns)
    .set({ ...patch, updatedAt: now })
    .where(eq(campaigns.id, id))
    .returning();
  return row ?? null;
}

/** Changes the status only when it is `from` (no race between two administrators). */
export async function transitionCampaignStatus(db: Executor, id: string, from: CampaignStatus, patch: CampaignPatch, now: Date): Promise<CampaignRow | null> {
  const [row] = await db
    .update(campaigns)
    .set({ ...patch, updatedAt: now })
    .where(and(eq(campaigns.id, id), eq(campaigns.status, from)))
    .returning();
  return row ?? null;
}

/** Slugs equal to `slug` or starting with `slug-` (to suggest a free one). */
export async function listSlugsLike(db: Executor, slug: string): Promise<string[]> {
  const escaped = slug.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await db
    .select({ slug: campaigns.slug })
    .from(campaigns)
    .where(or(eq(campaigns.slug, slug), like(campaigns.slug, `${escaped}-%`)))
    .limit(1000);
  return rows.map((r) => r.slug);
}

export async function findSlugOwner(db: Executor, slug: string): Promise<string | null> {
  const [row] = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.slug, slug)).limit(1);
  return row?.id ?? null;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface UserCampaignRow {
  campaign: CampaignRow;
  role: string;
  /** The custom role's name (null for system roles). */
  customRoleName: string | null;
}

/** The campaigns a user is a member of, by name, with their role. */
export async function listCampaignsOfUser(
  db: Executor,
  userId: string,
  filter: { page: number; limit: number; search?: string },
): Promise<{ rows: UserCampaignRow[]; total: number }> {
  const conditions: SQL[] = [eq(campaignMembers.userId, userId)];
  const search = filter.search?.trim();
  if (search) conditions.push(ilike(campaigns.campaignName, `%${escapeLike(search)}%`));
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ campaign: campaigns, role: campaignMembers.role, customRoleName: campaignRoles.name })
      .from(campaignMembers)
      .innerJoin(campaigns, eq(campaigns.id, campaignMembers.campaignId))
      .leftJoin(campaignRoles, and(eq(campaignRoles.campaignId, campaignMembers.campaignId), eq(campaignRoles.key, campaignMembers.role)))
      .where(where)
      .orderBy(asc(sql`lower(${campaigns.campaignName})`), asc(campaigns.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db
      .select({ total: count() })
      .from(campaignMembers)
      .innerJoin(campaigns, eq(campaigns.id, campaignMembers.campaignId))
      .where(where),
  ]);
  return { rows, total };
}

export interface PendingCampaignRow {
  campaign: CampaignRow;
  creator: { id: string; name: string; email: string | null } | null;
}

/** Campaigns awaiting activation, oldest first (the administrator's queue). */
export async function listPendingCampaigns(db: Executor, filter: { page: number; limit: number; search?: string }): Promise<{ rows: PendingCampaignRow[]; total: number }> {
  const conditions: SQL[] = [eq(campaigns.status, 'pending')];
  const search = filter.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    const match = or(ilike(campaigns.campaignName, pattern), ilike(campaigns.slug, pattern));
    if (match) conditions.push(match);
  }
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ campaign: campaigns, creatorId: users.id, creatorName: users.name, creatorEmail: users.email })
      .from(campaigns)
      .leftJoin(users, eq(users.id, campaigns.createdBy))
      .where(where)
      .orderBy(asc(campaigns.createdAt), asc(campaigns.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ total: count() }).from(campaigns).where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      campaign: r.campaign,
      creator: r.creatorId ? { id: r.creatorId, name: r.creatorName ?? '', email: r.creatorEmail } : null,
    })),
    total,
  };
}

/** E-mail addresses of a campaign's owners (for notices). */
export async function listOwnerEmails(db: Executor, campaignId: string): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(campaignMembers)
    .innerJoin(users, eq(users.id, campaignMembers.userId))
    .where(and(eq(campaignMembers.campaignId, campaignId), eq(campaignMembers.role, 'owner')))
    .orderBy(desc(campaignMembers.createdAt));
  return rows.map((r) => r.email).filter((email): email is string => !!email);
}
