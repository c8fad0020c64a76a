/**
 * SQL of the stand-in's webhook signing key: one row of `paypal_standin_objects` (kind 'signing-key',
 * id CERT-STANDIN), created once and shared by every instance on the database, so a delivery signed
 * by one instance is checked against the certificate any instance publishes.
 */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { paypalStandinObjects } from '../../db/schema';

export interface StoredSigningKey {
  private_pem: string;
  public_pem: string;
}

const KIND = 'signing-key';

/** Stores `key` under `id` unless one is there, then answers the stored one (the first writer wins). */
export async function insertOrReadSigningKey(db: Executor, id: string, key: StoredSigningKey): Promise<StoredSigningKey> {
  const t = paypalStandinObjects;
  await db
    .insert(t)
    .values({ id, kind: KIND, data: key as unknown as Record<string, unknown> })
    .onConflictDoNothing();
  const [row] = await db
    .select({ data: t.data })
    .from(t)
    .where(and(eq(t.kind, KIND), eq(t.id, id)))
    .limit(1);
  return row!.data as unknown as StoredSigningKey;
}

export async function readSigningKey(db: Executor, id: string): Promise<StoredSigningKey | null> {
  const t = paypalStandinObjects;
  const [row] = await db
    .select({ data: t.data })
    .from(t)
    .where(and(eq(t.kind, KIND), eq(t.id, id)))
    .limit(1);
  return row ? (row.data as unknown as StoredSigningKey) : null;
}
