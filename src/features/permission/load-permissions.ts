import type { ApiSuccess } from '../../../domain/auth/api-contract';
import { CAMPAIGN_PATHS, type CampaignPermission } from '../../../domain/campaign';
import type { AppDispatch } from '../../app/store';
import { loadApi } from '../../lib/load-api';
import { setPermissionsLoading, updateCampaignPermissions } from './permission-slice';

export async function fetchRoleAccess(campaignId: string): Promise<CampaignPermission[]> {
  const { apiClient } = await loadApi();
  return (await apiClient.get<ApiSuccess<CampaignPermission[]>>(CAMPAIGN_PATHS.roleAccess(campaignId))).data.data;
}

/** Loads the resource names of one campaign (role-access) into the permission slice; failures are only logged (SPEC §8). */
export function loadPermissions(campaignId: string) {
  return async (dispatch: AppDispatch): Promise<void> => {
    dispatch(setPermissionsLoading(true));
    try {
      const list = await fetchRoleAccess(campaignId);
      const entry = list.find((p) => String(p.campaign_id) === campaignId);
      dispatch(updateCampaignPermissions({ campaign_id: campaignId, resource_names: entry?.resource_names ?? [] }));
    } catch (err) {
      console.error('Could not load the campaign permissions:', err instanceof Error ? err.message : err);
    } finally {
      dispatch(setPermissionsLoading(false));
    }
  };
}
