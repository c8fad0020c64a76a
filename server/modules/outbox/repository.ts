import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { outbox } from '../../db/schema';

export type OutboxRow = typeof outbox.$inferSelect;
export type NewOutboxMessage = Pick<typeof outbox.$inferInsert, 'channel' | 'recipient' | 'subject' | 'body' | 'purpose'>;

/** created_at is the database's real time (not the app clock): the outbox is a log, read newest first. */
export async function insertOutboxMessage(db: Executor, message: NewOutboxMessage): Promise<OutboxRow> {
  const [row] = await db
    .insert(outbox)
    .values({ ...message, status: 'queued' })
    .returning();
  return row;
}

export async function findOutboxMessage(db: Executor, id: string): Promise<OutboxRow | null> {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id)).limit(1);
  return row ?? null;
}

export async function markOutboxMessage(
  db: Executor,
  id: string,
  result: { status: 'sent' | 'failed' | 'logged'; error?: string | null; sent?: boolean },
): Promise<void> {
  await db
    .update(outbox)
    .set({ status: result.status, error: result.error ?? null, sentAt: result.sent ? sql`now()` : null })
    .where(eq(outbox.id, id));
}

export async function listOutboxMessages(db: Executor, limit: number): Promise<OutboxRow[]> {
  return db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(limit);
}
