/**
 * Idempotency of the creates that move money (issue 29 point 11): add_donation, add_pledge,
 * refund_donation, POST /payment/refund, add_expense. A client sends `Idempotency-Key` (1–200 visible
 * ASCII characters); the key is written in the same transaction as the record it names, per campaign
 * and operation (table request_keys). A retry with the same key and the same body answers the record
 * the first write made (nothing recorded twice, also when the tries race: the second waits on the
 * key's primary key, or on the row lock the write takes, and then replays); the same key with another
 * body is refused with 422 IDEMPOTENCY_KEY_REUSED. Without the header a write behaves as before.
 *
 * A service uses it in three steps:
 *   return onceForKey(key, () => write(), (entityId) => answerOf(entityId));
 *   // inside write's transaction, after its locks:   await assertKeyUnused(tx, campaignId, key);
 *   // inside write's transaction, after the insert:   await keepKey(tx, campaignId, key, row.id);
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/executor';
import { fail } from './errors';
import { findRequestKey, insertRequestKey, type RequestKeyRecord } from '../db/request-key-repository';

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

export interface RequestKey {
  operation: string;
  key: string;
  requestHash: string;
}

/** Thrown inside the write's transaction when the key was used before: the transaction rolls back. */
export class RequestKeyReplay extends Error {
  constructor(readonly prior: RequestKeyRecord) {
    super('idempotency key replayed');
  }
}

/** The request's key for `operation` (null without the header; 400 when it is not a valid key). */
export function requestKeyOf(request: FastifyRequest, operation: string, body: unknown): RequestKey | null {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
    throw fail(400, 'VALIDATION_ERROR', { in: 'header', fields: { 'idempotency-key': 'Idempotency-Key must be 1 to 200 visible characters' } });
  }
  return { operation, key, requestHash: createHash('sha256').update(JSON.stringify(body)).digest('hex') };
}

/** Inside the write's transaction, before writing: a key used before replays (throws RequestKeyReplay). */
export async function assertKeyUnused(tx: Executor, campaignId: string, key: RequestKey | null): Promise<void> {
  if (!key) return;
  const prior = await findRequestKey(tx, campaignId, key.operation, key.key);
  if (prior) throw new RequestKeyReplay(prior);
}

/** Inside the write's transaction, after writing `entityId`: keeps the key (a key taken meanwhile replays). */
export async function keepKey(tx: Executor, campaignId: string, key: RequestKey | null, entityId: string): Promise<void> {
  if (!key) return;
  if (await insertRequestKey(tx, { campaignId, operation: key.operation, key: key.key, requestHash: key.requestHash, entityId })) return;
  const prior = await findRequestKey(tx, campaignId, key.operation, key.key);
  if (prior) throw new RequestKeyReplay(prior);
}

/** After a replay: the first write's entity id when the body is the same; 422 IDEMPOTENCY_KEY_REUSED otherwise. */
export function replayedEntity(replay: RequestKeyReplay, key: RequestKey): string {
  if (replay.prior.requestHash !== key.requestHash) throw fail(422, 'IDEMPOTENCY_KEY_REUSED');
  return replay.prior.entityId;
}

/**
 * Runs `write` (whose transaction calls assertKeyUnused and keepKey); when the key was used before,
 * answers `replay` of the first write's record instead (422 IDEMPOTENCY_KEY_REUSED for another body).
 */
export async function onceForKey<T>(key: RequestKey | null, write: () => Promise<T>, replay: (entityId: string) => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof RequestKeyReplay) || !key) throw error;
    return replay(replayedEntity(error, key));
  }
}
