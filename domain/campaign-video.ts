/**
 * The campaign video shown on the public giving page (/{slug}): paths and shapes. Owners and
 * managers (campaign.write) upload it straight to storage through a signed PUT, like the bulk
 * upload's file; anyone may watch it while the page is public. Limits: domain/file-signature.ts
 * CAMPAIGN_VIDEO_USE (.mp4 / .m4v, at most 500 MB, checked by extension AND content). Pure.
 *
 *   1. POST /campaign/video_presigned_url   { campaign_id, file_name, file_size } → PresignedUrlData
 *   2. PUT  <url> with the file's bytes     (progress bar)
 *   3. POST /campaign/set_video             { campaign_id, file_key, file_name } → CampaignVideo
 *   GET    /campaign/get_video/{campaignId}    → CampaignVideo | null (campaign.read)
 *   DELETE /campaign/delete_video/{campaignId} → { removed: boolean }
 *   GET    /campaign/public_video/{videoId}    → the bytes (Range requests answered 206), no sign-in
 */

const enc = encodeURIComponent;

export const CAMPAIGN_VIDEO_PATHS = {
  presignedUrl: '/campaign/video_presigned_url',
  setVideo: '/campaign/set_video',
  getVideo: '/campaign/get_video/:campaignId',
  deleteVideo: '/campaign/delete_video/:campaignId',
  publicVideo: '/campaign/public_video/:videoId',
} as const;

export const getVideoUrl = (campaignId: string) => `/campaign/get_video/${enc(campaignId)}`;
export const deleteVideoUrl = (campaignId: string) => `/campaign/delete_video/${enc(campaignId)}`;
/** Where the video plays from (relative to the API's base URL): a new id per upload. */
export const publicVideoUrl = (videoId: string) => `/campaign/public_video/${enc(videoId)}`;

export interface CampaignVideoPresignRequest {
  campaign_id: string;
  file_name: string;
  file_size: number;
}

export interface SetCampaignVideoRequest {
  campaign_id: string;
  file_key: string;
  file_name: string;
}

export interface CampaignVideo {
  video_id: string;
  file_name: string;
  file_size: number;
  content_type: string;
  /** publicVideoUrl(video_id): relative to the API's base URL. */
  url: string;
  uploaded_by: { id: string | null; name: string | null };
  created_at: string;
}
