/** Named selectors of the selected campaign (the campaign slice), for pages, layouts and hooks alike. */
import type { RootState } from './store';

/** The selected campaign's id, or null. */
export const selectSelectedCampaignId = (state: RootState) => state.campaign.selectedCampaignId;
/** Whether a campaign is selected. */
export const selectHasCampaignSelection = (state: RootState) => state.campaign.selectedCampaignId !== null;
/** The selected campaign's record (package, role…), or null until the list has loaded. */
export const selectSelectedCampaign = (state: RootState) => state.campaign.selectedCampaign;
/** The selected campaign's name ('' when none). */
export const selectSelectedCampaignName = (state: RootState) => state.campaign.selectedCampaign?.campaign_name ?? state.campaign.selectedCampaignOption?.label ?? '';
