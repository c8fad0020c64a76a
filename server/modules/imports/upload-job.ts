/**
 * The one job of bulk uploads ('bulk-upload', payload { uploadId }): it does what the upload's status
 * asks — 'validating' runs the validation stage, 'importing' the import stage (resuming where the
 * last committed batch left off) — and nothing for any other status, so sending it twice is
 * harmless. One worker at a time per upload: the job holds a PostgreSQL advisory lock on a
 * connection of its own for as long as it runs; a process that dies loses its connection and so the
 * lock.
 *
 * Recovery: when the app starts, and every 30 s, uploads left 'validating' or 'importing' whose lock
 * is free (the worker died: kill -9, a crash, a deploy) get their job sent again (at start: all of
 * them; later: those silent for a minute). A file that cannot be read fails the upload with the
 * reader's message; any other error is retried by the job's policy, and the last attempt fails the
 * upload with a clear message.
 */
import type { FastifyInstance } from 'fastify';
import { ERROR_MESSAGES } from '../../../domain/error-codes';
import { takeWorkLock } from '../../db/work-lock';
import { defineJob, type RetryPolicy } from '../../plugins/jobs';
import { recoverAbandoned, scheduleRecovery, type AbandonedWork } from '../../plugins/work-recovery';
import { ImportFileError } from './file-errors';
import { importUpload } from './import-upload';
import { copyToLocal, sweepImportTemp } from './upload-file';
import { jobReporter } from './upload-progress';
import { deleteUploadRows, findUploadForJob, moveUpload, runningUploadIds } from './upload-repository';
import { validateUpload } from './validate-upload';

const RETRY: RetryPolicy = { limit: 3, delaySeconds: 5, backoff: true };
export const UNEXPECTED_FAILURE = 'The upload stopped on an unexpected error and was not finished; rows already imported are kept. Upload the file again to import the rest.';

const uploadLockKey = (uploadId: string) => `upload:${uploadId}`;

async function failUpload(app: FastifyInstance, uploadId: string, message: string, reporter?: ReturnType<typeof jobReporter>, stage: 'validating' | 'importing' = 'importing') {
  const now = app.clock.now();
  const moved = await moveUpload(app.db, uploadId, ['validating', 'importing'], { status: 'failed', message, finishedAt: now }, now);
  // A validation that failed leaves no rows to review (its counts stay 0); an import keeps its rows.
  if (moved && stage === 'validating') await deleteUploadRows(app.db, uploadId);
  if (moved) reporter?.finish('failed', message);
}

/** Runs what the upload's status asks for (see above); `attempt` counts from 1. Also used by the demo seed. */
export async function runUpload(app: FastifyInstance, uploadId: string, attempt: number): Promise<void> {
  const release = await takeWorkLock(app.pool, uploadLockKey(uploadId));
  if (!release) return;
  try {
    const upload = await findUploadForJob(app.db, uploadId);
    if (!upload || (upload.status !== 'validating' && upload.status !== 'importing')) return;
    const reporter = jobReporter(app, upload);
    try {
      if (upload.status === 'importing') {
        await importUpload(app, upload, reporter);
        return;
      }
      const copy = await copyToLocal(app, upload.fileKey, upload.fileName);
      try {
        await validateUpload(app, upload, copy, reporter);
      } finally {
        await copy.dispose();
      }
    } catch (error) {
      if (error instanceof ImportFileError) {
        const where = typeof (error as { rowNumber?: unknown }).rowNumber === 'number' ? ` (row ${(error as { rowNumber: number }).rowNumber})` : '';
        await failUpload(app, uploadId, `${error.message}${where}`, reporter, upload.status);
        return;
      }
      if ((error as { code?: unknown }).code === 'NOT_FOUND') {
        await failUpload(app, uploadId, ERROR_MESSAGES.UPLOAD_FILE_MISSING, reporter, upload.status);
        return;
      }
      if (attempt > RETRY.limit) {
        app.log.error({ err: error, uploadId }, 'upload failed; no attempts left');
        await failUpload(app, uploadId, UNEXPECTED_FAILURE, reporter, upload.status);
        return;
      }
      throw error;
    }
  } finally {
    await release();
  }
}

export const uploadJob = defineJob<{ uploadId: string }>({
  name: 'bulk-upload',
  retry: RETRY,
  // People wait on it: picked up within half a second (pg-boss polls every 2 s by default).
  pollingIntervalSeconds: 0.5,
  handler: ({ uploadId }, { app, attempt }) => runUpload(app, uploadId, attempt),
});

/** Uploads left validating or importing, for the recovery sweep (server/plugins/work-recovery.ts). */
function abandonedUploads(app: FastifyInstance): AbandonedWork {
  return {
    what: 'uploads',
    candidates: (silentSince) => runningUploadIds(app.db, silentSince),
    lockKey: uploadLockKey,
    send: (uploadId) => app.jobs.send(uploadJob, { uploadId }),
  };
}

/** Sends the job again for running uploads no worker holds (all of them, or those silent for a minute). */
export const recoverUploads = (app: FastifyInstance, options: { all: boolean }) => recoverAbandoned(app, abandonedUploads(app), options);

/**
 * Registers the job and the recovery (at start, then every 30 s until the app closes); first sweeps
 * the temporary copies a process that died left behind (upload-file.ts).
 */
export async function registerUploadJob(app: FastifyInstance): Promise<void> {
  const swept = await sweepImportTemp(app.config.dataDir);
  if (swept.length > 0) app.log.info({ folders: swept.length }, 'removed temporary import copies left by a stopped process');
  await app.jobs.register(uploadJob);
  scheduleRecovery(app, abandonedUploads(app));
}
