import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { campaignMembers, campaignRoles, users } from '../../db/schema';

export type MemberRow = typeof campaignMembers.$inferSelect;
export type NewMember = typeof campaignMembers.$inferInsert;

export async function insertMember(db: Executor, values: NewMember): Promise<void> {
  await db.insert(campaignMembers).values(values);
}

/** Inserts the membership unless it exists; true when inserted. */
export async function insertMemberIfMissing(db: Executor, values: NewMember): Promise<boolean> {
  const rows = await db.insert(campaignMembers).values(values).onConflictDoNothing().returning({ userId: campaignMembers.userId });
  return rows.length > 0;
}

export async function findMember(db: Executor, campaignId: string, userId: string): Promise<MemberRow | null> {
  const [row] = await db
    .select()
    .from(campaignMembers)
    .where(and(eq(campaignMembers.campaignId, campaignId), eq(campaignMembers.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function updateMemberRole(db: Executor, campaignId: string, userId: string, role: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(campaignMembers)
    .set({ role, updatedAt: now })
    .where(and(eq(campaignMembers.campaignId, campaignId), eq(campaignMembers.userId, userId)))
    .returning({ userId: campaignMembers.userId });
  return rows.length > 0;
}

export async function deleteMember(db: Executor, campaignId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(campaignMembers)
    .where(and(eq(campaignMembers.campaignId, campaignId), eq(campaignMembers.userId, userId)))
    .returning({ userId: campaignMembers.userId });
  return rows.length > 0;
}

export async function countMembersWithRole(db: Executor, campaignId: string, role: string): Promise<number> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(campaignMembers)
    .where(and(eq(campaignMembers.campaignId, campaignId), eq(campaignMembers.role, role)));
  return total;
}

/** Member counts per role key in a campaign. */
export async function countMembersByRole(db: Executor, campaignId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ role: campaignMembers.role, total: count() })
    .from(campaignMembers)
    .where(eq(campaignMembers.campaignId, campaignId))
    .groupBy(campaignMembers.role);
  return new Map(rows.map((r) => [r.role, r.total]));
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface MemberListRow {
  userId: string;
  name: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  profilePicture: string | null;
  role: string;
  customRoleName: string | null;
  joinedAt: Date;
}

/** A page of a campaign's members (owners first, then by name), searchable by name, e-mail, phone. */
export async function listMembers(db: Executor, campaignId: string, filter: { page: number; limit: number; search?: string }): Promise<{ rows: MemberListRow[]; total: number }> {
  const conditions: SQL[] = [eq(campaignMembers.campaignId, campaignId)];
  const search = filter.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    const match = or(ilike(users.name, pattern), ilike(users.lastName, pattern), ilike(users.email, pattern), ilike(users.phone, pattern));
    if (match) conditions.push(match);
  }
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        userId: users.id,
        name: users.name,
        lastName: users.lastName,
        email: users.email,
        phone: users.phone,
        profilePicture: users.profilePicture,
        role: campaignMembers.role,
        customRoleName: campaignRoles.name,
        joinedAt: campaignMembers.createdAt,
      })
      .from(campaignMembers)
      .innerJoin(users, eq(users.id, campaignMembers.userId))
      .leftJoin(campaignRoles, and(eq(campaignRoles.campaignId, campaignMembers.campaignId), eq(campaignRoles.key, campaignMembers.role)))
      .where(where)
      .orderBy(sql`case ${campaignMembers.role} when 'owner' then 0 when 'manager' then 1 else 2 end`, asc(sql`lower(${users.name})`), asc(users.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db
      .select({ total: count() })
      .from(campaignMembers)
      .innerJoin(users, eq(users.id, campaignMembers.userId))
      .where(where),
  ]);
  return { rows, total };
}
