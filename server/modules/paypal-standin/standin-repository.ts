/**
 * SQL of the PayPal stand-in (table `paypal_standin_objects`): tokens, orders (captures live inside
 * their order's data) and refunds. `idempotency_key` is `<client id>|<PayPal-Request-Id>`, unique per kind.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { paypalStandinObjects } from '../../db/schema';
import type { OrderData, RefundData, TokenData } from './standin-records';

export type StandinKind = 'token' | 'order' | 'refund';

interface KindData {
  token: TokenData;
  order: OrderData;
  refund: RefundData;
}

export interface StandinObject<K extends StandinKind> {
  id: string;
  data: KindData[K];
}

const t = paypalStandinObjects;

function toObject<K extends StandinKind>(row: { id: string; data: Record<string, unknown> } | undefined): StandinObject<K> | null {
  return row ? { id: row.id, data: row.data as unknown as KindData[K] } : null;
}

/** Inserts unless the id or (kind, idempotency key) exists; null when it did. */
export async function insertObject<K extends StandinKind>(
  db: Executor,
  kind: K,
  id: string,
  data: KindData[K],
  idempotencyKey: string | null = null,
): Promise<StandinObject<K> | null> {
  const [row] = await db
    .insert(t)
    .values({ id, kind, idempotencyKey, data: data as unknown as Record<string, unknown> })
    .onConflictDoNothing()
    .returning({ id: t.id, data: t.data });
  return toObject<K>(row);
}

export async function findObject<K extends StandinKind>(db: Executor, kind: K, id: string): Promise<StandinObject<K> | null> {
  const [row] = await db
    .select({ id: t.id, data: t.data })
    .from(t)
    .where(and(eq(t.kind, kind), eq(t.id, id)))
    .limit(1);
  return toObject<K>(row);
}

export async function findByIdempotencyKey<K extends StandinKind>(db: Executor, kind: K, idempotencyKey: string): Promise<StandinObject<K> | null> {
  const [row] = await db
    .select({ id: t.id, data: t.data })
    .from(t)
    .where(and(eq(t.kind, kind), eq(t.idempotencyKey, idempotencyKey)))
    .limit(1);
  return toObject<K>(row);
}

/** The order, locked until the transaction ends (SELECT … FOR UPDATE): one capture or refund at a time. */
export async function lockOrder(tx: Executor, orderId: string): Promise<StandinObject<'order'> | null> {
  const [row] = await tx
    .select({ id: t.id, data: t.data })
    .from(t)
    .where(and(eq(t.kind, 'order'), eq(t.id, orderId)))
    .for('update')
    .limit(1);
  return toObject<'order'>(row);
}

/** The order holding capture `captureId`, optionally locked. */
export async function findOrderByCaptureId(db: Executor, captureId: string, lock = false): Promise<StandinObject<'order'> | null> {
  const query = db
    .select({ id: t.id, data: t.data })
    .from(t)
    .where(and(eq(t.kind, 'order'), sql`${t.data} -> 'capture' ->> 'id' = ${captureId}`))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return toObject<'order'>(row);
}

/** Whether another order of the same client was already captured with this invoice id (PayPal's DUPLICATE_INVOICE_ID). */
export async function invoiceAlreadyCaptured(db: Executor, clientId: string, invoiceId: string, exceptOrderId: string): Promise<boolean> {
  const rows = await db
    .select({ id: t.id })
    .from(t)
    .where(
      and(
        eq(t.kind, 'order'),
        ne(t.id, exceptOrderId),
        sql`${t.data} ->> 'client_id' = ${clientId}`,
        sql`${t.data} -> 'purchase_unit' ->> 'invoice_id' = ${invoiceId}`,
        sql`${t.data} ->> 'status' = 'COMPLETED'`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function updateObjectData<K extends StandinKind>(db: Executor, kind: K, id: string, data: KindData[K], now: Date): Promise<void> {
  await db
    .update(t)
    .set({ data: data as unknown as Record<string, unknown>, updatedAt: now })
    .where(and(eq(t.kind, kind), eq(t.id, id)));
}

/** A refund of this client already made with this invoice id (PayPal answers DUPLICATE_INVOICE_ID to a second one). */
export async function findRefundByInvoice(db: Executor, clientId: string, invoiceId: string): Promise<StandinObject<'refund'> | null> {
  const [row] = await db
    .select({ id: t.id, data: t.data })
    .from(t)
    .where(and(eq(t.kind, 'refund'), sql`${t.data} ->> 'client_id' = ${clientId}`, sql`${t.data} ->> 'invoice_id' = ${invoiceId}`))
    .limit(1);
  return toObject<'refund'>(row);
}
