import { and, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { campaignAudit, users } from '../../db/schema';

export interface AuditEntry {
  campaignId: string;
  actorId: string | null;
  /** e.g. campaign.created, member.invited, member.joined, member.role_changed, member.removed, role.created … */
  action: string;
  targetUserId?: string | null;
  details?: Record<string, unknown>;
}

export async function insertAudit(db: Executor, entry: AuditEntry, now: Date): Promise<void> {
  await db.insert(campaignAudit).values({
    campaignId: entry.campaignId,
    actorId: entry.actorId,
    action: entry.action,
    targetUserId: entry.targetUserId ?? null,
    details: entry.details ?? {},
    createdAt: now,
  });
}

export async function listAudit(db: Executor, campaignId: string, filter: { page: number; limit: number }) {
  const where = and(eq(campaignAudit.campaignId, campaignId));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ entry: campaignAudit, actorName: users.name })
      .from(campaignAudit)
      .leftJoin(users, eq(users.id, campaignAudit.actorId))
      .where(where)
      .orderBy(desc(campaignAudit.createdAt), desc(campaignAudit.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ total: count() }).from(campaignAudit).where(where),
  ]);
  return { rows, total };
}
