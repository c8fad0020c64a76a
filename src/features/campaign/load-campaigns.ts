import type { AppDispatch, RootState } from '../../app/store';
import type { CampaignSummary } from '../../lib/campaign-types';
import { listCampaigns } from './api/campaign-api';
import { clearCampaign, selectCampaign, setAllCampaignList, setCampaignListLoading, setHeaderCampaignList } from './campaign-slice';

/**
 * Loads list_campaign (limit 500, page 1) into the campaign slice: every campaign for /campaign,
 * the active ones for the header. With exactly one active campaign and no selection, selects it;
 * a selection the user no longer belongs to is cleared. Failures are only logged (SPEC §8).
 */
export function loadCampaignList(userId: string) {
  return async (dispatch: AppDispatch, getState: () => RootState): Promise<void> => {
    dispatch(setCampaignListLoading(true));
    try {
      const data = await listCampaigns(userId);
      const all: CampaignSummary[] = data.campaign_list;
      const active = all.filter((c) => c.status === undefined || c.status === 'active');
      dispatch(setAllCampaignList(all));
      dispatch(setHeaderCampaignList(active));
      const selectedId = getState().campaign.selectedCampaignId;
      if (selectedId !== null && !active.some((c) => String(c.campaign_id) === String(selectedId))) dispatch(clearCampaign());
      if (getState().campaign.selectedCampaignId === null && active.length === 1) {
        dispatch(selectCampaign({ label: active[0].campaign_name, value: active[0].campaign_id }));
      }
    } catch (err) {
      console.error('Could not load the campaign list:', err instanceof Error ? err.message : err);
    } finally {
      dispatch(setCampaignListLoading(false));
    }
  };
}
