/**
 * Idempotency of the creates that move money (issue 29 point 11). A client sends `Idempotency-Key`
 * (1–200 visible ASCII characters) with add_donation; the key is written in the same transaction as
 * the donation, per campaign and operation. A retry with the same key and the same body answers the
 * donation the first write made (nothing recorded twice, even when both arrive at once: the donor's
 * lock serializes them); the same key with another body is refused with 422 IDEMPOTENCY_KEY_REUSED.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/executor';
import { fail } from '../../plugins/errors';
import { findRequestKey, insertRequestKey, type RequestKeyRecord } from './request-key-repository';

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
