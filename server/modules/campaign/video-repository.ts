/** SQL of the campaign video (one row per campaign, table campaign_videos). */
import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { campaigns, campaignVideos, users } from '../../db/schema';

export type VideoRecord = typeof campaignVideos.$inferSelect;
export type NewVideo = Pick<VideoRecord, 'campaignId' | 'videoId' | 'fileKey' | 'fileName' | 'fileSize' | 'contentType' | 'uploadedBy' | 'createdAt' | 'updatedAt'>;

export async function findVideo(db: Executor, campaignId: string): Promise<(VideoRecord & { uploaderName: string | null }) | null> {
  const [row] = await db
    .select({ video: campaignVideos, uploaderName: users.name })
    .from(campaignVideos)
    .leftJoin(users, eq(users.id, campaignVideos.uploadedBy))
    .where(eq(campaignVideos.campaignId, campaignId))
    .limit(1);
  return row ? { ...row.video, uploaderName: row.uploaderName } : null;
}

/** The campaign's video row, locked until the transaction ends. */
export async function lockVideo(tx: Executor, campaignId: string): Promise<VideoRecord | null> {
  const [row] = await tx.select().from(campaignVideos).where(eq(campaignVideos.campaignId, campaignId)).for('update').limit(1);
  return row ?? null;
}

/** Sets (or replaces) the campaign's video. */
export async function upsertVideo(db: Executor, values: NewVideo): Promise<VideoRecord> {
  const [row] = await db
    .insert(campaignVideos)
    .values(values)
    .onConflictDoUpdate({
      target: campaignVideos.campaignId,
      set: {
        videoId: values.videoId,
        fileKey: values.fileKey,
        fileName: values.fileName,
        fileSize: values.fileSize,
        contentType: values.contentType,
        uploadedBy: values.uploadedBy,
        createdAt: values.createdAt,
        updatedAt: values.updatedAt,
      },
    })
    .returning();
  return row;
}

export async function deleteVideo(db: Executor, campaignId: string): Promise<VideoRecord | null> {
  const [row] = await db.delete(campaignVideos).where(eq(campaignVideos.campaignId, campaignId)).returning();
  return row ?? null;
}

/** A video by its public id, while its campaign's page is public (any status but pending). */
export async function findPublicVideo(db: Executor, videoId: string): Promise<VideoRecord | null> {
  const [row] = await db
    .select({ video: campaignVideos })
    .from(campaignVideos)
    .innerJoin(campaigns, eq(campaigns.id, campaignVideos.campaignId))
    .where(and(eq(campaignVideos.videoId, videoId), ne(campaigns.status, 'pending')))
    .limit(1);
  return row?.video ?? null;
}
