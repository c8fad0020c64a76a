import type { AppDispatch, RootState } from '../../app/store';
import { clearCampaign, selectCampaign, setAllCampaignList, setCampaignListLoading, setHeaderCampaignList, type CampaignSummary } from './campaign-slice';

/** list_campaign is in flight (reset on failure too, SPEC §8). */
export const campaignListLoading = setCampaignListLoading;

/**
 * An answer of list_campaign (limit 500, page 1) into the campaign slice: every campaign for
 * /campaign, the active ones for the header. With exactly one active campaign and no selection,
 * selects it; a selection the user no longer belongs to is cleared. (campaign-api's `campaignList`
 * query dispatches it for each answer.)
 */
export function campaignListLoaded(all: CampaignSummary[]) {
  return (dispatch: AppDispatch, getState: () => RootState): void => {
    const active = all.filter((c) => c.status === undefined || c.status === 'active');
    dispatch(setAllCampaignList(all));
    dispatch(setHeaderCampaignList(active));
    const selectedId = getState().campaign.selectedCampaignId;
    if (selectedId !== null && !active.some((c) => c.campaign_id === selectedId)) dispatch(clearCampaign());
    if (getState().campaign.selectedCampaignId === null && active.length === 1) {
      dispatch(selectCampaign({ label: active[0].campaign_name, value: active[0].campaign_id }));
    }
  };
}
