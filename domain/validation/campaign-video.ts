/** Yup schemas of the campaign video requests (domain/campaign-video.ts). Pure: no React, no Node. */
import { object, string } from 'yup';
import { campaignIdField } from './fields';
import { uploadFileKeyField, uploadFileNameField, uploadFileSizeField } from './expenses';

export const VIDEO_VALIDATION_MESSAGES = {
  VIDEO_ID_INVALID: 'Video id is not valid',
} as const;

/** POST video_presigned_url. */
export const campaignVideoPresignRequestSchema = object({ campaign_id: campaignIdField, file_name: uploadFileNameField, file_size: uploadFileSizeField });

/** POST set_video. */
export const setCampaignVideoRequestSchema = object({ campaign_id: campaignIdField, file_key: uploadFileKeyField, file_name: uploadFileNameField });

/** GET get_video/:campaignId, DELETE delete_video/:campaignId. */
export const campaignVideoParamsSchema = object({ campaignId: campaignIdField });

/** GET public_video/:videoId. */
export const publicVideoParamsSchema = object({
  videoId: string().typeError(VIDEO_VALIDATION_MESSAGES.VIDEO_ID_INVALID).required(VIDEO_VALIDATION_MESSAGES.VIDEO_ID_INVALID).uuid(VIDEO_VALIDATION_MESSAGES.VIDEO_ID_INVALID),
});
