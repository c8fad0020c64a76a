/**
 * Bulk upload routes (SPEC §7 presigned_url, bulk_upload, upload_list, and the calls around them;
 * domain/imports/api-contract.ts). Writing needs upload.write, reading upload.read, in the campaign
 * the request names; the file key and the upload must belong to that campaign (else 404).
 */
import type { FastifyInstance } from 'fastify';
import { UPLOAD_PATHS as P, type BulkUploadRequest, type UploadActionRequest, type UploadFileKind } from '../../../domain/imports/api-contract';
import {
  bulkUploadRequestSchema,
  presignedUrlRequestSchema,
  uploadActionRequestSchema,
  uploadDownloadParamsSchema,
  uploadListParamsSchema,
  uploadListQuerySchema,
  uploadParamsSchema,
  uploadPreviewRequestSchema,
} from '../../../domain/imports/requests';
import { currentCampaign } from '../../plugins/access';
import { currentUser } from '../../plugins/auth';
import { sendSuccess, success } from '../../plugins/respond';
import { validateBody, validateParams, validateQuery } from '../../plugins/validate';
import { registerUploadJob } from './upload-job';
import { actOnUpload, createUpload, getUpload, listUploadHistory, presignUpload, previewUpload, uploadDownload } from './upload-service';

const read = { config: { access: { campaign: 'upload.read', from: 'params.campaignId' } } } as const;
const write = { config: { access: { campaign: 'upload.write', from: 'body.campaign_id' } } } as const;

export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  await registerUploadJob(app);

  app.post(P.presignedUrl, write, async (request) => {
    const body = await validateBody(presignedUrlRequestSchema, request.body);
    return success(await presignUpload(app, currentCampaign(request), body));
  });

  app.post(P.preview, write, async (request) => {
    const body = await validateBody(uploadPreviewRequestSchema, request.body);
    return success(await previewUpload(app, currentCampaign(request), body));
  });

  app.post(P.bulkUpload, write, async (request, reply) => {
    const body = await validateBody(bulkUploadRequestSchema, request.body);
    return reply.code(201).send(success(await createUpload(app, currentCampaign(request), currentUser(request), body as BulkUploadRequest)));
  });

  app.get(P.getUpload, read, async (request) => {
    const { uploadId } = await validateParams(uploadParamsSchema, request.params);
    return success(await getUpload(app, currentCampaign(request), uploadId.toLowerCase()));
  });

  app.post(P.action, write, async (request) => {
    const body = await validateBody(uploadActionRequestSchema, request.body);
    return success(await actOnUpload(app, currentCampaign(request), currentUser(request), body as UploadActionRequest));
  });

  app.get(P.list, read, async (request, reply) => {
    const params = await validateParams(uploadListParamsSchema, request.params);
    const query = await validateQuery(uploadListQuerySchema, request.query);
    return sendSuccess(reply, await listUploadHistory(app, currentCampaign(request), { ...query, type: params.type as 'donor' | 'payment' | 'all' }));
  });

  app.get(P.download, read, async (request) => {
    const params = await validateParams(uploadDownloadParamsSchema, request.params);
    return success(await uploadDownload(app, currentCampaign(request), params.uploadId.toLowerCase(), params.file as UploadFileKind));
  });
}
