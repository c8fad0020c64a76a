/**
 * The campaign video on the public giving page (domain/campaign-video.ts). The file goes straight to
 * private storage through the bulk upload's signed PUT (storage/checked-upload.ts: our own
 * PUT /private-files/upload?token=… or an S3 presigned PUT; never through a JSON request), then
 * set_video checks what was stored (.mp4/.m4v, at most 500 MB, an ISO-BMFF "ftyp" box) and makes it
 * the campaign's video, deleting the one it replaces after the commit.
 *
 * How donors watch it: GET /campaign/public_video/{videoId}, a public route that streams the stored
 * object with Range support (storage/private-range.ts), rather than a signed URL issued per page view:
 *   - a <video> needs byte ranges to seek, and Safari to play at all; our signed download link answers
 *     whole files as attachments;
 *   - the URL does not expire while a donor has the page open (a paused video resumes with new range
 *     requests long after a 5-minute link would have died), and browsers may cache it;
 *   - the page's Content-Security-Policy lets media come from this origin only, so an S3 URL could not
 *     be given to the browser anyway;
 *   - it exposes nothing private: the video is meant for the public page, the id is random and new per
 *     upload, and the route serves it only while it is the campaign's video and the campaign's page is
 *     public (not pending). A removed or replaced video answers 404 at once.
 */
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { publicVideoUrl, type CampaignVideo, type CampaignVideoPresignRequest, type SetCampaignVideoRequest } from '../../../domain/campaign-video';
import { CAMPAIGN_VIDEO_USE } from '../../../domain/file-signature';
import type { PresignedUrlData } from '../../../domain/imports/api-contract';
import { isUniqueViolation } from '../../db/errors';
import type { CampaignContext } from '../../plugins/access';
import type { AuthUser } from '../../plugins/auth';
import { fail } from '../../plugins/errors';
import { claimCheckedUpload, deletePrivateFiles, presignCheckedUpload, type CheckedUploadTarget } from '../storage/checked-upload';
import { sanitizeDownloadName } from '../storage/private-storage';
import { insertAudit } from './audit-repository';
import { deleteVideo, findPublicVideo, findVideo, lockVideo, upsertVideo, type VideoRecord } from './video-repository';

/** campaigns/<id>/videos/<uuid>.mp4|m4v */
export const VIDEO_TARGET: CheckedUploadTarget = { area: 'videos', use: CAMPAIGN_VIDEO_USE };

function toView(record: VideoRecord, uploaderName: string | null): CampaignVideo {
  return {
    video_id: record.videoId,
    file_name: record.fileName,
    file_size: record.fileSize,
    content_type: record.contentType,
    url: publicVideoUrl(record.videoId),
    uploaded_by: { id: record.uploadedBy, name: record.uploadedBy ? uploaderName : null },
    created_at: record.createdAt.toISOString(),
  };
}

export function presignVideo(app: FastifyInstance, ctx: CampaignContext, body: CampaignVideoPresignRequest): Promise<PresignedUrlData> {
  return presignCheckedUpload(app, ctx.id, VIDEO_TARGET, body);
}

export async function setVideo(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, body: SetCampaignVideoRequest): Promise<CampaignVideo> {
  const fileName = sanitizeDownloadName(body.file_name.trim());
  const file = await claimCheckedUpload(app, ctx.id, VIDEO_TARGET, body.file_key, fileName);
  const now = app.clock.now();
  let replaced: VideoRecord | null;
  try {
    replaced = await app.db.transaction(async (tx) => {
      const before = await lockVideo(tx, ctx.id);
      if (before?.fileKey === file.key) throw fail(409, 'CONFLICT');
      const saved = await upsertVideo(tx, {
        campaignId: ctx.id,
        videoId: randomUUID(),
        fileKey: file.key,
        fileName,
        fileSize: file.size,
        contentType: file.contentType,
        uploadedBy: auth.id,
        createdAt: now,
        updatedAt: now,
      });
      await insertAudit(tx, { campaignId: ctx.id, actorId: auth.id, action: 'campaign.video_set', details: { entity: 'campaign_video', entity_id: saved.videoId, file_name: fileName, file_size: file.size } }, now);
      return before;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fail(409, 'CONFLICT');
    throw error;
  }
  if (replaced) await deletePrivateFiles(app, [replaced.fileKey]);
  app.log.info({ campaignId: ctx.id, userId: auth.id, size: file.size }, 'campaign video set');
  const current = await findVideo(app.db, ctx.id);
  if (!current) throw fail(404, 'VIDEO_NOT_FOUND');
  return toView(current, current.uploaderName);
}

export async function getVideo(app: FastifyInstance, ctx: CampaignContext): Promise<CampaignVideo | null> {
  const video = await findVideo(app.db, ctx.id);
  return video ? toView(video, video.uploaderName) : null;
}

/** Removes the video (its page stops showing it at once); the stored file is deleted after the commit. */
export async function removeVideo(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser): Promise<{ removed: boolean }> {
  const now = app.clock.now();
  const removed = await app.db.transaction(async (tx) => {
    const row = await deleteVideo(tx, ctx.id);
    if (row) await insertAudit(tx, { campaignId: ctx.id, actorId: auth.id, action: 'campaign.video_removed', details: { entity: 'campaign_video', entity_id: row.videoId, file_name: row.fileName } }, now);
    return row;
  });
  if (removed) await deletePrivateFiles(app, [removed.fileKey]);
  return { removed: removed !== null };
}

/** The public URL of a campaign's video for its giving page, or null. */
export async function campaignVideoUrl(app: FastifyInstance, campaignId: string): Promise<string | null> {
  const video = await findVideo(app.db, campaignId);
  return video ? publicVideoUrl(video.videoId) : null;
}

/** The video behind a public URL: 404 VIDEO_NOT_FOUND once removed or replaced, or while the campaign is pending. */
export async function publicVideo(app: FastifyInstance, videoId: string): Promise<VideoRecord> {
  const video = await findPublicVideo(app.db, videoId);
  if (!video) throw fail(404, 'VIDEO_NOT_FOUND');
  return video;
}
