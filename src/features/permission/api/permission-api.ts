import type { ApiSuccess } from '../../../../domain/auth/api-contract';
import { CAMPAIGN_PATHS, type CampaignPermission } from '../../../../domain/campaign';
import { api } from '../../../lib/api';
import { setPermissionsLoading, updateCampaignPermissions } from '../permission-slice';

/**
 * role-access of one campaign. Each answer goes into the permission slice (persisted: the route gate
 * and `useCan` read it before the first answer arrives); failures are only logged (SPEC §8).
 */
export const permissionApi = api.injectEndpoints({
  endpoints: (build) => ({
    roleAccess: build.query<CampaignPermission[], string>({
      query: (campaignId) => ({ url: CAMPAIGN_PATHS.roleAccess(campaignId) }),
      transformResponse: (response: ApiSuccess<CampaignPermission[]>) => response.data,
      providesTags: (_result, _error, campaignId) => [{ type: 'Permission', id: campaignId }],
      async onQueryStarted(campaignId, { dispatch, queryFulfilled }) {
        dispatch(setPermissionsLoading(true));
        try {
          const { data } = await queryFulfilled;
          const entry = data.find((p) => p.campaign_id === campaignId);
          dispatch(updateCampaignPermissions({ campaign_id: campaignId, resource_names: entry?.resource_names ?? [] }));
        } catch (err) {
          const error = (err as { error?: { message?: string } }).error;
          console.error('Could not load the campaign permissions:', error?.message ?? err);
        } finally {
          dispatch(setPermissionsLoading(false));
        }
      },
    }),
  }),
});

export const { useRoleAccessQuery } = permissionApi;
