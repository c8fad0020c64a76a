/**
 * How an upload's job reports: the progress is stored on the upload (a page that polls sees it; the
 * job's heartbeat for the recovery sweep) and pushed live to the user who started it; `cancelled`
 * reads whether someone asked to stop (checked between batches).
 */
import type { FastifyInstance } from 'fastify';
import { progressReporter } from '../../plugins/sockets';
import type { UploadRecord } from './upload-repository';
import { isCancelRequested, updateUpload } from './upload-repository';

export interface JobReporter {
  progress(done: number, total: number | null, stage: string): Promise<void>;
  cancelled(): Promise<boolean>;
  finish(status: string, message?: string | null): void;
}

export const LIVE_KIND = 'import';

export function jobReporter(app: FastifyInstance, upload: UploadRecord): JobReporter {
  const live = upload.createdBy ? progressReporter(app.live, upload.createdBy, { kind: LIVE_KIND, id: upload.id, campaign_id: upload.campaignId }) : null;
  return {
    async progress(done, total, stage) {
      await updateUpload(app.db, upload.id, { progressDone: done, progressTotal: total }, app.clock.now());
      live?.progress(done, total, stage);
    },
    async cancelled() {
      return isCancelRequested(app.db, upload.id);
    },
    finish(status, message = null) {
      live?.finish(status, message);
    },
  };
}
