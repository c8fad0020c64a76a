import type { ApiSuccess } from '../../../../domain/auth/api-contract';
import { CAMPAIGN_VIDEO_PATHS, deleteVideoUrl, getVideoUrl, type CampaignVideo } from '../../../../domain/campaign-video';
import type { PresignedUrlData } from '../../../../domain/imports/api-contract';
import { api } from '../../../lib/api';

const videoTag = (campaignId: string) => ({ type: 'CampaignVideo' as const, id: campaignId });

/** The campaign's public-page video: presign → PUT straight to storage (signed-upload.ts) → set_video. */
export const campaignVideoApi = api.injectEndpoints({
  endpoints: (build) => ({
    campaignVideo: build.query<CampaignVideo | null, string>({
      query: (campaignId) => ({ url: getVideoUrl(campaignId) }),
      transformResponse: (response: ApiSuccess<CampaignVideo | null>) => response.data,
      providesTags: (_result, _error, campaignId) => [videoTag(campaignId)],
    }),
    videoUploadUrl: build.mutation<PresignedUrlData, { campaign_id: string; file_name: string; file_size: number }>({
      query: (body) => ({ url: CAMPAIGN_VIDEO_PATHS.presignedUrl, method: 'POST', data: body }),
      transformResponse: (response: ApiSuccess<PresignedUrlData>) => response.data,
    }),
    /** The server checks the stored file, then the video replaces the previous one. */
    setCampaignVideo: build.mutation<CampaignVideo, { campaign_id: string; file_key: string; file_name: string }>({
      query: (body) => ({ url: CAMPAIGN_VIDEO_PATHS.setVideo, method: 'POST', data: body }),
      transformResponse: (response: ApiSuccess<CampaignVideo>) => response.data,
      invalidatesTags: (result, _error, body) => (result ? [videoTag(body.campaign_id)] : []),
    }),
    removeCampaignVideo: build.mutation<unknown, string>({
      query: (campaignId) => ({ url: deleteVideoUrl(campaignId), method: 'DELETE' }),
      invalidatesTags: (_result, error, campaignId) => (error ? [] : [videoTag(campaignId)]),
    }),
  }),
});

export const { useCampaignVideoQuery, useVideoUploadUrlMutation, useSetCampaignVideoMutation, useRemoveCampaignVideoMutation } = campaignVideoApi;
