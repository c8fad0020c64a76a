/**
 * An upload's original file on this machine for the length of a job: copied from private storage
 * (local folder or S3) into a temporary folder, bounded by UPLOAD_LIMITS.maxBytes. The readers need
 * a path (an XLSX's zip directory is at its end). The same file uploaded again is recognised by its
 * content as read, not its bytes (validate-upload.ts).
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import { UPLOAD_LIMITS } from '../../../domain/imports/api-contract';
import { byteLimit } from '../storage/private-storage';

export interface LocalCopy {
  path: string;
  size: number;
  /** Removes the copy. */
  dispose(): Promise<void>;
}

export async function copyToLocal(app: FastifyInstance, key: string, fileName: string): Promise<LocalCopy> {
  const folder = path.join(os.tmpdir(), 'cdt-imports', randomUUID());
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const extension = path.extname(fileName).toLowerCase().replace(/[^.a-z0-9]/g, '').slice(0, 10);
  const target = path.join(folder, `file${extension}`);
  const counter = byteLimit(UPLOAD_LIMITS.maxBytes);
  const dispose = () => rm(folder, { recursive: true, force: true });
  try {
    await pipeline(await app.privateStorage.open(key), counter, createWriteStream(target, { mode: 0o600 }));
  } catch (error) {
    await dispose();
    throw error;
  }
  return { path: target, size: counter.bytes, dispose };
}
