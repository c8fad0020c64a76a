import type { ApiSuccess } from '../../../../domain/auth/api-contract';
import {
  CAMPAIGN_PATHS,
  type AcceptInvitationData,
  type CampaignListData,
  type CampaignView,
  type CreateCampaignRequest,
  type ElectionCycleItem,
  type OfficeSoughtItem,
  type PendingCampaignListData,
  type SlugCheckData,
  type StateItem,
  type UpdateCampaignRequest,
} from '../../../../domain/campaign';
import { CAMPAIGN_LIST_LIMIT, CAMPAIGN_LIST_PAGE } from '../../../config/constants';
import { api } from '../../../lib/api';
import { campaignListLoaded, campaignListLoading } from '../load-campaigns';

export interface WithCode<T> {
  data: T;
  message_code?: string;
}

const unwrap = <T>(response: ApiSuccess<T>): T => response.data;
/** The campaign's details entry and every campaign list: what a write to one campaign changes. */
const campaignTags = (id: string) => ['Campaign' as const, { type: 'CampaignDetails' as const, id }];

/**
 * The campaign shell's reads and writes. `campaignList` also keeps the campaign slice's lists (the
 * header dropdown, /campaign) in step with every answer, so a write that invalidates 'Campaign'
 * refreshes the header too.
 */
export const campaignApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** list_campaign (limit 500, page 1) of the signed-in user. */
    campaignList: build.query<CampaignListData, string>({
      query: (userId) => ({ url: CAMPAIGN_PATHS.listCampaign(userId), params: { limit: CAMPAIGN_LIST_LIMIT, page: CAMPAIGN_LIST_PAGE } }),
      transformResponse: unwrap<CampaignListData>,
      providesTags: ['Campaign'],
      async onQueryStarted(_userId, { dispatch, queryFulfilled }) {
        dispatch(campaignListLoading(true));
        try {
          const { data } = await queryFulfilled;
          dispatch(campaignListLoaded(data.campaign_list));
        } catch (err) {
          // Failures are only logged (SPEC §8); the lists keep what they had.
          const error = (err as { error?: { message?: string } }).error;
          console.error('Could not load the campaign list:', error?.message ?? err);
        } finally {
          dispatch(campaignListLoading(false));
        }
      },
    }),
    campaign: build.query<CampaignView, string>({
      query: (id) => ({ url: CAMPAIGN_PATHS.getCampaign(id) }),
      transformResponse: unwrap<CampaignView>,
      providesTags: (_result, _error, id) => [{ type: 'CampaignDetails', id }],
    }),
    createCampaign: build.mutation<WithCode<CampaignView>, CreateCampaignRequest>({
      query: (body) => ({ url: CAMPAIGN_PATHS.createCampaign, method: 'POST', data: body }),
      invalidatesTags: (result) => (result ? ['Campaign'] : []),
    }),
    updateCampaign: build.mutation<WithCode<CampaignView>, UpdateCampaignRequest>({
      query: (body) => ({ url: CAMPAIGN_PATHS.updateCampaign, method: 'POST', data: body }),
      invalidatesTags: (result, _error, body) => (result ? campaignTags(body.campaign_id) : []),
    }),
    /** Multipart POST upload_logo/{campaignId} (field "file"): answers the campaign with its new logo key. */
    uploadCampaignLogo: build.mutation<WithCode<CampaignView>, { campaignId: string; logo: Blob; fileName: string }>({
      query: ({ campaignId, logo, fileName }) => {
        const form = new FormData();
        form.append('file', logo, fileName);
        return { url: CAMPAIGN_PATHS.uploadLogo(campaignId), method: 'POST', data: form, headers: { 'Content-Type': 'multipart/form-data' } };
      },
      invalidatesTags: (result, _error, { campaignId }) => (result ? campaignTags(campaignId) : []),
    }),
    checkSlug: build.query<SlugCheckData, { slug: string; campaignId?: string }>({
      query: ({ slug, campaignId }) => ({ url: CAMPAIGN_PATHS.checkSlug(slug), params: campaignId ? { campaign_id: campaignId } : undefined }),
      transformResponse: unwrap<SlugCheckData>,
    }),
    offices: build.query<OfficeSoughtItem[], void>({
      query: () => ({ url: CAMPAIGN_PATHS.listOfficeSought }),
      transformResponse: (response: ApiSuccess<{ office_sought_list: OfficeSoughtItem[] }>) => response.data.office_sought_list,
    }),
    electionCycles: build.query<ElectionCycleItem[], string>({
      query: (office) => ({ url: CAMPAIGN_PATHS.listElectionCycle(office) }),
      transformResponse: (response: ApiSuccess<{ election_cycle_list: ElectionCycleItem[] }>) => response.data.election_cycle_list,
    }),
    states: build.query<StateItem[], void>({
      query: () => ({ url: CAMPAIGN_PATHS.listState }),
      transformResponse: (response: ApiSuccess<{ state_list: StateItem[] }>) => response.data.state_list,
    }),
    pendingCampaigns: build.query<PendingCampaignListData, { page: number; limit: number }>({
      query: ({ page, limit }) => ({ url: CAMPAIGN_PATHS.adminListPending, params: { page, limit } }),
      transformResponse: unwrap<PendingCampaignListData>,
      providesTags: ['Campaign'],
    }),
    /** Platform admins: pending → active (a GET, as the API has it). */
    approveCampaign: build.mutation<WithCode<unknown>, string>({
      query: (id) => ({ url: CAMPAIGN_PATHS.approveCampaign(id) }),
      invalidatesTags: (result, _error, id) => (result ? campaignTags(id) : []),
    }),
    grantPackage: build.mutation<WithCode<unknown>, { campaignId: string; years: number }>({
      query: ({ campaignId, years }) => ({ url: CAMPAIGN_PATHS.grantPackage, method: 'POST', data: { campaign_id: campaignId, years } }),
      invalidatesTags: (result, _error, { campaignId }) => (result ? campaignTags(campaignId) : []),
    }),
    acceptInvitation: build.mutation<WithCode<AcceptInvitationData>, string>({
      query: (token) => ({ url: CAMPAIGN_PATHS.acceptInvitation, method: 'POST', data: { token } }),
      invalidatesTags: (result) => (result ? ['Campaign'] : []),
    }),
    /** The expiry popup was dismissed (SPEC §4); the slice remembers it locally. */
    markNotifyShown: build.mutation<unknown, string>({
      query: (campaignId) => ({ url: CAMPAIGN_PATHS.updateNotifyStatus, method: 'PUT', data: { campaign_id: campaignId, is_popup_shown: 1 } }),
    }),
    /** Owners only: active → archived (read-only), or back. The answer is the campaign as it is now. */
    setCampaignArchived: build.mutation<WithCode<CampaignView>, { campaignId: string; archived: boolean }>({
      query: ({ campaignId, archived }) => ({
        url: archived ? CAMPAIGN_PATHS.archiveCampaign : CAMPAIGN_PATHS.restoreCampaign,
        method: 'POST',
        data: { campaign_id: campaignId },
      }),
      async onQueryStarted({ campaignId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        // The answer is the new details: shown at once, without reading them again.
        if (data) dispatch(campaignApi.util.upsertQueryData('campaign', campaignId, data.data));
      },
      invalidatesTags: (result) => (result ? ['Campaign'] : []),
    }),
  }),
});

export const {
  useCampaignListQuery,
  useCampaignQuery,
  useCreateCampaignMutation,
  useUpdateCampaignMutation,
  useUploadCampaignLogoMutation,
  useCheckSlugQuery,
  useOfficesQuery,
  useElectionCyclesQuery,
  useStatesQuery,
  usePendingCampaignsQuery,
  useApproveCampaignMutation,
  useGrantPackageMutation,
  useAcceptInvitationMutation,
  useMarkNotifyShownMutation,
  useSetCampaignArchivedMutation,
} = campaignApi;
