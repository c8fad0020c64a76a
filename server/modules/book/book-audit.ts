/**
 * Every write of the donor book is recorded in campaign_audit in the same transaction:
 * action 'donor.created', 'donation.refunded' …; details { entity, entity_id, before, after }.
 */
import type { Executor } from '../../db/executor';
import { insertAudit } from '../campaign/audit-repository';

export type BookEntity = 'donor' | 'pledge' | 'donation' | 'tag' | 'note' | 'follow_up_call' | 'reminder';

export interface BookAudit {
  campaignId: string;
  actorId: string | null;
  action: string;
  entity: BookEntity;
  entityId: string;
  before: unknown;
  after: unknown;
  /** More details (e.g. the ids a merge moved). */
  extra?: Record<string, unknown>;
}

export async function auditBook(db: Executor, entry: BookAudit, now: Date): Promise<void> {
  await insertAudit(
    db,
    {
      campaignId: entry.campaignId,
      actorId: entry.actorId,
      action: entry.action,
      details: { entity: entry.entity, entity_id: entry.entityId, before: entry.before ?? null, after: entry.after ?? null, ...(entry.extra ?? {}) },
    },
    now,
  );
}
