import { and, asc, count, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { campaignInvitations, campaignRoles, campaigns } from '../../db/schema';

export type InvitationRow = typeof campaignInvitations.$inferSelect;
export type NewInvitation = typeof campaignInvitations.$inferInsert;

export async function insertInvitation(db: Executor, values: NewInvitation): Promise<InvitationRow> {
  const [row] = await db.insert(campaignInvitations).values(values).returning();
  return row;
}

const pending = (now: Date) => and(isNull(campaignInvitations.acceptedAt), isNull(campaignInvitations.revokedAt), gt(campaignInvitations.expiresAt, now));

/** Cancels the open invitations of an address (a new one replaces them). */
export async function revokePendingInvitationsTo(db: Executor, campaignId: string, email: string, now: Date): Promise<void> {
  await db
    .update(campaignInvitations)
    .set({ revokedAt: now })
    .where(and(eq(campaignInvitations.campaignId, campaignId), eq(campaignInvitations.email, email), isNull(campaignInvitations.acceptedAt), isNull(campaignInvitations.revokedAt)));
}

export async function revokePendingInvitationsWithRole(db: Executor, campaignId: string, role: string, now: Date): Promise<void> {
  await db
    .update(campaignInvitations)
    .set({ revokedAt: now })
    .where(and(eq(campaignInvitations.campaignId, campaignId), eq(campaignInvitations.role, role), isNull(campaignInvitations.acceptedAt), isNull(campaignInvitations.revokedAt)));
}

export async function revokeInvitation(db: Executor, campaignId: string, id: string, now: Date): Promise<InvitationRow | null> {
  const [row] = await db
    .update(campaignInvitations)
    .set({ revokedAt: now })
    .where(and(eq(campaignInvitations.campaignId, campaignId), eq(campaignInvitations.id, id), isNull(campaignInvitations.acceptedAt), isNull(campaignInvitations.revokedAt)))
    .returning();
  return row ?? null;
}

/** The invitation of a token hash, locked, with its campaign's name. */
export async function findInvitationByTokenHash(db: Executor, tokenHash: string): Promise<{ invitation: InvitationRow; campaignName: string } | null> {
  const [row] = await db
    .select({ invitation: campaignInvitations, campaignName: campaigns.campaignName })
    .from(campaignInvitations)
    .innerJoin(campaigns, eq(campaigns.id, campaignInvitations.campaignId))
    .where(eq(campaignInvitations.tokenHash, tokenHash))
    .for('update', { of: campaignInvitations })
    .limit(1);
  return row ?? null;
}

export async function markInvitationAccepted(db: Executor, id: string, userId: string, now: Date): Promise<void> {
  await db.update(campaignInvitations).set({ acceptedAt: now, acceptedBy: userId }).where(eq(campaignInvitations.id, id));
}

/** Open invitations of a campaign, oldest first. */
export async function listPendingInvitations(db: Executor, campaignId: string, now: Date, filter: { page: number; limit: number }) {
  const where = and(eq(campaignInvitations.campaignId, campaignId), pending(now));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ invitation: campaignInvitations, customRoleName: campaignRoles.name })
      .from(campaignInvitations)
      .leftJoin(campaignRoles, and(eq(campaignRoles.campaignId, campaignInvitations.campaignId), eq(campaignRoles.key, campaignInvitations.role)))
      .where(where)
      .orderBy(asc(campaignInvitations.createdAt), asc(campaignInvitations.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ total: count() }).from(campaignInvitations).where(where),
  ]);
  return { rows, total };
}
