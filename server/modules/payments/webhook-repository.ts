/**
 * SQL of PayPal's webhook events (payment_events, migration 0026): every verified event is kept with
 * its body, then applied by the paypal-webhook job; and the webhook ids the campaigns' gateways are
 * configured with (which account signed a delivery).
 */
import { and, eq, gte, isNotNull, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { campaignGateways, paymentEvents, payments } from '../../db/schema';

export type StoredEvent = typeof paymentEvents.$inferSelect;
export type EventState = 'received' | 'waiting' | 'applied' | 'ignored';

export interface WebhookAccount {
  campaignId: string;
  mode: string;
  webhookId: string;
}

/** Every PayPal gateway that has a webhook id. */
export async function webhookAccounts(db: Executor): Promise<WebhookAccount[]> {
  const rows = await db
    .select({ campaignId: campaignGateways.campaignId, mode: campaignGateways.mode, webhookId: campaignGateways.webhookId })
    .from(campaignGateways)
    .where(and(eq(campaignGateways.provider, 'paypal'), isNotNull(campaignGateways.webhookId)));
  return rows.map((r) => ({ ...r, webhookId: r.webhookId! }));
}

/** Keeps a verified event (state 'received'); answers the row and whether this call stored it. */
export async function storeEvent(
  db: Executor,
  event: { eventId: string; eventType: string; body: Record<string, unknown>; webhookId: string },
): Promise<{ row: StoredEvent; fresh: boolean }> {
  const [row] = await db
    .insert(paymentEvents)
    .values({ ...event, state: 'received', outcome: 'queued' })
    .onConflictDoNothing()
    .returning();
  if (row) return { row, fresh: true };
  return { row: (await findEvent(db, event.eventId))!, fresh: false };
}

export async function findEvent(db: Executor, eventId: string): Promise<StoredEvent | null> {
  const [row] = await db.select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId)).limit(1);
  return row ?? null;
}

export async function eventState(db: Executor, eventId: string): Promise<{ state: EventState; outcome: string } | null> {
  const [row] = await db.select({ state: paymentEvents.state, outcome: paymentEvents.outcome }).from(paymentEvents).where(eq(paymentEvents.eventId, eventId)).limit(1);
  return row ? { state: row.state as EventState, outcome: row.outcome } : null;
}

/** Ends an event (applied or ignored) unless it already ended; answers whether this call ended it. */
export async function finishEvent(db: Executor, eventId: string, end: { state: 'applied' | 'ignored'; outcome: string; paymentId: string | null }, now: Date): Promise<boolean> {
  const rows = await db
    .update(paymentEvents)
    .set({ state: end.state, outcome: end.outcome, paymentId: end.paymentId, appliedAt: now, tries: sql`${paymentEvents.tries} + 1`, lastError: null })
    .where(and(eq(paymentEvents.eventId, eventId), notInArray(paymentEvents.state, ['applied', 'ignored'])))
    .returning({ id: paymentEvents.eventId });
  return rows.length > 0;
}

/** The event could not be applied yet (its payment is not known, or not at that point): it waits. */
export async function eventWaits(db: Executor, eventId: string, reason: string, paymentId: string | null): Promise<void> {
  await db
    .update(paymentEvents)
    .set({ state: 'waiting', outcome: 'waiting', lastError: reason, paymentId, tries: sql`${paymentEvents.tries} + 1` })
    .where(and(eq(paymentEvents.eventId, eventId), notInArray(paymentEvents.state, ['applied', 'ignored'])));
}

/** Events of a payment still waiting (they are tried again once an event of that payment was applied). */
export async function waitingEventsOf(db: Executor, paymentId: string): Promise<string[]> {
  const rows = await db
    .select({ id: paymentEvents.eventId })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.paymentId, paymentId), eq(paymentEvents.state, 'waiting')))
    .orderBy(paymentEvents.receivedAt)
    .limit(100);
  return rows.map((r) => r.id);
}

/** A redelivered event that was waiting is tried again (its new job decides). */
export async function reopenEvent(db: Executor, eventId: string): Promise<void> {
  await db
    .update(paymentEvents)
    .set({ state: 'received' })
    .where(and(eq(paymentEvents.eventId, eventId), eq(paymentEvents.state, 'waiting')));
}

/**
 * Events still waiting that may apply by now: those of a payment recorded since (e.g. by the
 * reconciliation, after PayPal stopped redelivering them), and, when `orphansSince` is given, those
 * received since then that found no payment of ours (a refund of a capture we had not recorded).
 */
export async function waitingEventsToRetry(db: Executor, orphansSince: Date | null, limit: number): Promise<string[]> {
  const ofRecorded = and(eq(paymentEvents.state, 'waiting'), eq(payments.status, 'completed'));
  const orphans = orphansSince ? and(eq(paymentEvents.state, 'waiting'), isNull(paymentEvents.paymentId), gte(paymentEvents.receivedAt, orphansSince)) : undefined;
  const rows = await db
    .select({ id: paymentEvents.eventId })
    .from(paymentEvents)
    .leftJoin(payments, eq(payments.id, paymentEvents.paymentId))
    .where(orphans ? or(ofRecorded, orphans) : ofRecorded)
    .orderBy(paymentEvents.receivedAt)
    .limit(limit);
  return rows.map((r) => r.id);
}
